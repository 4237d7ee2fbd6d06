import { z } from 'zod';

/** Every answer of the API: `{ code, message, results?, total? }` (DESIGN.md 2). */
export interface ApiEnvelope<T = unknown> {
  code: number;
  message: string;
  results?: T;
  total?: number;
  /** Lists paged without a count: whether another page follows. */
  more?: boolean;
  /** The form field a 400 answer is about. */
  field?: string;
  /** Present on 500 answers so a user can quote it to support. */
  requestId?: string;
}

export const envelope = <T extends z.ZodType>(results: T) =>
  z.object({
    code: z.number(),
    message: z.string(),
    results: results.optional(),
    total: z.number().optional(),
  });

export const errorEnvelope = z.object({
  code: z.number(),
  message: z.string(),
  field: z.string().optional(),
  requestId: z.string().optional(),
});
