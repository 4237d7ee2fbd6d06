/**
 * What a 거래명세서 says besides its lines (docs/requirements.md#statements): an undone order's notice
 * and closing in place of the claim, and under a period's totals the part the 외상 월 명세서 bills.
 */
import { formatWon, groupDigits } from '@partsmall/contract';
import type { Content } from './pdf.js';
import type { StatementOrder, StatementRow } from './statement-data.js';

/**
 * What a cancelled or returned order's own statement says instead of claiming its amount; `onCredit`
 * for a 외상 order, never paid and so never refunded: its amount came off what the company owes.
 */
export const UNDONE = {
  cancelled: {
    stamp: '취소된 주문',
    notice: '취소된 주문입니다. 아래 금액은 청구하지 않으며, 결제된 금액은 환불되었습니다.',
    onCredit: '취소된 주문입니다. 아래 금액은 청구하지 않으며, 외상 미수금에서 차감되었습니다.',
    closing: '이 주문은 취소되어 위 금액을 청구하지 않습니다.',
  },
  returned: {
    stamp: '반품된 주문',
    notice: '반품된 주문입니다. 아래 금액은 청구하지 않으며, 결제된 금액은 환불되었습니다.',
    onCredit: '반품된 주문입니다. 아래 금액은 청구하지 않으며, 외상 미수금에서 차감되었습니다.',
    closing: '이 주문은 반품되어 위 금액을 청구하지 않습니다.',
  },
  returnedShippingKept: {
    stamp: '반품된 주문',
    notice: '반품된 주문입니다. 상품 금액은 환불되었고, 단순 변심 반품이라 배송비는 환불되지 않았습니다.',
    onCredit:
      '반품된 주문입니다. 상품 금액은 외상 미수금에서 차감되었고, 단순 변심 반품이라 배송비는 차감되지 않았습니다.',
    closing: '이 주문은 반품되어 위 배송비만 청구합니다.',
  },
} as const;

/**
 * A period of cash and 외상 orders: how much of the 합계 the 외상 월 명세서 bills, so that a buyer's
 * bookkeeper does not count those orders twice (docs/requirements.md#statements).
 */
export function creditNote(orders: readonly StatementOrder[], rows: readonly StatementRow[]): Content[] {
  const onCredit = new Set(orders.filter((o) => o.onCredit).map((o) => o.orderNo));
  if (onCredit.size === 0) return [];
  let credit = 0;
  let cash = 0;
  for (const r of rows) {
    if (onCredit.has(r.orderNo)) credit += r.total;
    else cash += r.total;
  }
  const text =
    `합계 중 외상 주문 ${groupDigits(onCredit.size)}건 ${formatWon(credit)}은 외상 월 명세서로 청구합니다.` +
    (cash > 0 ? ` 나머지 ${formatWon(cash)}은 캐시로 결제되었습니다.` : '');
  return [{ text, fontSize: 7.5, color: '#b45309', alignment: 'right', margin: [0, 3, 0, 0] }];
}
