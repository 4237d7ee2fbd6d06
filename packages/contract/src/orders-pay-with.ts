/**
 * How an order is paid (docs/requirements.md#credit-checkout): from the cash balance, or on 외상. It
 * belongs to the orders area, which the credit area builds on, not the other way round.
 */
import { z } from 'zod';

export const PAY_WITH = ['cash', 'credit'] as const;
export type PayWith = (typeof PAY_WITH)[number];
export const PAY_WITH_LABELS: Record<PayWith, string> = { cash: '캐시', credit: '외상' };
export const PAY_WITH_INVALID = '결제 방법은 캐시 또는 외상만 선택할 수 있습니다.';

/** The optional `payWith` of api/requestPaymentProduct: absent = cash (the original payload). */
export const payWithField = z.enum(PAY_WITH, { error: PAY_WITH_INVALID }).optional();
