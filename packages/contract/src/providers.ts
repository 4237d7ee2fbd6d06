import { z } from 'zod';
import { answerOf } from './envelope.js';

/** Korean texts of the real payment and SMS providers' pages and answers. */
export const MSG_PROVIDER = {
  tossWaitingForDeposit: '가상계좌가 발급되었습니다. 아래 계좌로 입금하시면 충전이 완료됩니다.',
  tossAccountExpired: '입금 기한이 지나 가상계좌가 만료되었습니다. 충전하려면 다시 신청해 주세요.',
  tossPending: '결제 확인이 늦어지고 있습니다. 잠시 후 결제 내역에서 확인해 주세요.',
  tossFailed: '결제를 완료하지 못했습니다.',
  /** Toss refused the shop's key on the confirm: nothing was captured (docs/operations.md#payments-toss-payments). */
  tossShopKeyRefused:
    '쇼핑몰의 결제 설정 문제로 결제를 마치지 못했습니다. 결제된 금액은 없습니다. 잠시 후 다시 시도하거나 고객센터에 문의해 주세요.',
  tossUnavailable: '결제사에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  tossWebhookDone: '결제 상태를 반영했습니다.',
  tossWebhookIgnored: '이 상점의 결제가 아니거나 반영할 변경이 없습니다.',
  tossWebhookMismatch: '결제사의 결제 정보와 일치하지 않습니다.',
  smsSendFailed: '인증 문자를 보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
  smsShopDailyCap: '오늘 보낼 수 있는 인증 문자를 모두 보냈습니다. 내일 다시 시도해 주세요.',
} as const;

/**
 * A Toss Payments webhook (PAYMENT_STATUS_CHANGED `{ eventType, createdAt, data: Payment }`, or the
 * virtual-account deposit callback `{ createdAt, secret, status, transactionKey, orderId }`). Only the
 * keys are read: the state itself is fetched from the Toss API, never taken from the body.
 */
const key = z.string().trim().min(1).max(200);
export const tossWebhook = z.object({
  eventType: z.string().max(100).optional(),
  orderId: key.optional(),
  paymentKey: key.optional(),
  secret: z.string().max(200).optional(),
  status: z.string().max(50).optional(),
  /** A deposit callback's transaction: a statement's deposit is stored once per key (docs/requirements.md#credit-deposits). */
  transactionKey: key.optional(),
  createdAt: z.string().max(50).optional(),
  data: z
    .object({ orderId: key.optional(), paymentKey: key.optional(), secret: z.string().max(200).nullish() })
    .optional(),
});
export type TossWebhook = z.output<typeof tossWebhook>;

/** payCenter/toss/webhook: what the event changed. */
export const tossWebhookAnswer = answerOf(
  z.object({
    orderId: z.string(),
    /**
     * 'unknown': not a payment of this shop (answered 200 so that Toss stops resending it);
     * 'received': a statement's deposit callback, stored and applied by a job.
     */
    status: z.enum(['pending', 'paid', 'declined', 'unknown', 'received']),
    repeated: z.boolean(),
  }),
);

/** GET /healthz and GET /readyz: what was checked ('off' = not configured, e.g. no REDIS_URL). */
export const healthAnswer = answerOf(z.record(z.string(), z.enum(['ok', 'off'])));
export const MSG_HEALTH = {
  alive: '실행 중입니다.',
  ready: '요청을 받을 준비가 되었습니다.',
  notReady: '요청을 받을 준비가 되지 않았습니다',
} as const;
