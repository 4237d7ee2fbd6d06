/** The back office's orders: list, detail, bulk shipping and CSV export. */
import { z } from 'zod';
import { answerOf, pageAnswerOf } from './envelope.js';
import { orderEvent, orderView } from './orders.js';
import { int, instant, page, size, keyword, listSort, period, startNotAfterEnd } from './admin-fields.js';
import { MSG_ADMIN } from './admin-menu.js';
import { PAGE_SIZE } from './constants.js';
import { MSG_ORDER } from './messages-shop.js';
import { ORDER_STATUS } from './orders-status.js';
import { rowId, wholeNumber } from './page-fields.js';

/** An order's id, refused as the buyer's order calls refuse it: '주문을 선택하세요.'. */
const orderSeq = rowId(MSG_ORDER.selectOrder);
export const adminOrderSeqRequest = z.object({ seq: orderSeq });

// ---------------------------------------------------------------- orders

/** The order list's sortable columns (listSort): 주문번호, 주문일시, 업체, 금액 (goods and shipping), 상태. */
export const ADMIN_ORDER_SORTS = ['seq', 'created', 'company', 'amount', 'status'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];
const STATUSES: readonly number[] = Object.values(ORDER_STATUS);

export const adminOrderListRequest = z
  .object({
    /** One of the order statuses (7 is none): any other is refused, not answered with an empty list. */
    status: wholeNumber(0, 8, MSG_ADMIN.orderStatusInvalid)
      .refine((s) => STATUSES.includes(s), MSG_ADMIN.orderStatusInvalid)
      .optional(),
    ...period,
    company: keyword,
    stockName: keyword,
    pid: keyword,
    ...listSort(ADMIN_ORDER_SORTS),
    page,
    size: size(PAGE_SIZE.backOffice),
  })
  .superRefine(startNotAfterEnd);
export type AdminOrderListRequest = z.input<typeof adminOrderListRequest>;

export const adminOrderRow = orderView.extend({
  companyId: int,
  companyName: z.string(),
  memberName: z.string(),
  shippedAt: instant.nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;
export const adminOrderPageAnswer = pageAnswerOf(adminOrderRow);

export const ledgerRow = z.object({
  seq: int,
  type: z.string(),
  amount: int,
  balanceAfter: int,
  note: z.string(),
  created: instant,
  memberName: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;

export const adminOrderDetail = z.object({
  order: adminOrderRow,
  /** Line VINs where the catalogue recorded one ('' otherwise), in line order. */
  vins: z.array(z.string()),
  events: z.array(orderEvent.extend({ memberName: z.string() })),
  ledger: z.array(ledgerRow),
  /** What a staff move to each status would refund (only the refunding moves). */
  refunds: z.record(z.string(), int),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;
export const adminOrderDetailAnswer = answerOf(adminOrderDetail);

export const bulkShipRequest = z.object({
  seqs: z.array(orderSeq).min(1, MSG_ORDER.selectOrder).max(100, '한 번에 100건까지 처리할 수 있습니다.'),
});
export const bulkShipAnswer = answerOf(
  z.object({ moved: z.array(int), refused: z.array(z.object({ seq: int, message: z.string() })) }),
);

/**
 * Rows one list export (orders, products) writes at most (docs/requirements.md#back-office):
 * every matching row up to this; past it the file holds the first ones, the answer's `total` says how
 * many matched and its message says the file was cut.
 */
export const EXPORT_MAX_ROWS = 20_000;

/** A CSV file as an answer: the web saves it under the name. `total`: rows matched, more than `rows` when cut. */
export const csvAnswer = answerOf(
  z.object({ filename: z.string(), csv: z.string(), rows: int, total: int.optional() }),
);
