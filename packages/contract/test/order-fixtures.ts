import type { z } from 'zod';

/** A delivery as the checkout form sends it (courier, prepaid), valid in every field. */
export const SHIPPING_INFO = {
  name: '김수령',
  phone: '01012345678',
  postNum: '04790',
  address: '서울 성동구 성수이로 77',
  addrSub: '3층',
  shippingValue: 1,
  shippingPayType: 0,
};

/** A payload's first refusal as the server answers it: its message and the field it names (null: taken). */
export function refusal(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? null : { message: r.error.issues[0]!.message, field: r.error.issues[0]!.path.join('.') };
}
