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

/** The chat sign-up form (no phone code), valid in every field. */
export const chatJoin = {
  companyArea: '부산',
  phone: '01055556666',
  companyName: '부산모터스',
  id: 'chat@partsmall.kr',
  pw: 'chat1234',
  cpw: 'chat1234',
};

/** The message of the first issue on `field`, or null when that field passed. */
export function messageFor(schema: z.ZodType, input: unknown, field: string): string | null {
  const res = schema.safeParse(input);
  if (res.success) return null;
  return res.error.issues.find((i) => i.path.join('.') === field)?.message ?? null;
}
