import type { z } from 'zod';

/** A company join as the join form sends it, valid in every field: tests change one field at a time. */
export const LICENSE = '1248100998';

export const companyJoin = {
  license: LICENSE,
  companyName: '한빛수입차부품',
  companyArea: '서울 성동구',
  id: 'new@partsmall.kr',
  pw: 'secret12',
  cpw: 'secret12',
  phone: '01098765432',
  authCode: '123456',
  policy: true,
  privacy: true,
};

/** The message of the first issue on `field`, or null when that field passed. */
export function messageFor(schema: z.ZodType, input: unknown, field: string): string | null {
  const res = schema.safeParse(input);
  if (res.success) return null;
  return res.error.issues.find((i) => i.path.join('.') === field)?.message ?? null;
}
