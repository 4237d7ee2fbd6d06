import { z } from 'zod';
import { userInfo } from './auth.js';
import { changedPrices, paymentResult } from './orders.js';

/**
 * Payloads the client emits: addToCart takes `buyOrCartForm`, stateCartItem `cartDeleteRequest`,
 * requestPaymentProduct `paymentRequest` (orders.ts); requestClientBaseInfo takes none.
 */

const int = z.number().int();

/** Client base info pushed over the trade channel (docs/requirements.md#entities). */
export const clientBaseInfo = z.object({
  carts: int,
  buys: int,
  licenseValidDays: int,
  memberLicense: int,
  memberPoint: int,
  userSearchVinCount: int,
  userInfo,
  token: z.string(),
});
export type ClientBaseInfo = z.infer<typeof clientBaseInfo>;

/** toClientBaseInfo: `{ code: 200, result }`, or `{ code: 401, message }` before the socket closes. */
export const clientBaseInfoEvent = z.object({
  code: int,
  message: z.string().optional(),
  result: clientBaseInfo.optional(),
});
export type ClientBaseInfoEvent = z.infer<typeof clientBaseInfoEvent>;

/**
 * addToCartCallBack and stateToCartCallBack: `{ code: 201, message }`, or a refusal with the
 * field it is about. Refusals of a payment also name the clientRequestId they answer.
 */
export const tradeAnswer = z.object({
  code: int,
  message: z.string(),
  field: z.string().optional(),
  clientRequestId: z.string().optional(),
});
export type TradeAnswer = z.infer<typeof tradeAnswer>;

/**
 * paymentFinish: `{ code: 201, message, results }` with the paid order, or a refusal; a refusal of
 * changed prices (409) carries the current prices (docs/requirements.md#cart-and-checkout).
 */
export const paymentFinishEvent = tradeAnswer.extend({ results: z.union([paymentResult, changedPrices]).optional() });
export type PaymentFinishEvent = z.infer<typeof paymentFinishEvent>;
