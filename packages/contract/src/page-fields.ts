/**
 * The `page` and `size` of the list calls, written once. Only contract modules import them: the
 * package's index.ts does not export this module, so these short names stay out of the contract's surface.
 * Query strings carry numbers as text, hence coerced; a refusal carries the call's Korean message.
 */
import { z } from 'zod';
import { PAGE_SIZE } from './constants.js';
import { MSG } from './messages.js';

const count = (msg: string) => z.coerce.number({ error: msg }).int(msg).min(1, msg);

/** A page number, 1 to 100,000; the first page when absent. */
export const pageNumber = (msg: string = MSG.badRequest) => count(msg).max(100_000, msg).default(1);

/**
 * A page size of the shop's lists: larger sizes are clamped, not refused, so the list simply comes
 * in pages of at most 100 (docs/requirements.md#answers-and-errors).
 */
export const pageSize = (defaultSize: number, msg: string = MSG.badRequest) =>
  count(msg)
    .transform((n) => Math.min(n, PAGE_SIZE.max))
    .default(defaultSize);

/** A page size of the back office's lists (staff screens and the job list): over 200 is refused. */
export const backOfficePageSize = (defaultSize: number) =>
  count(MSG.badRequest).max(200, MSG.badRequest).default(defaultSize);
