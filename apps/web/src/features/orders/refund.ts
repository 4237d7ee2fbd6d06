import { ORDER_STATUSES_UNDONE, type OrderStatus, type OrderView } from '@partsmall/contract';
import { won } from '../../shared/format';
import { TO } from './texts';

const R = TO.refund;

/**
 * What an undone order (출고취소, 판매자취소, 반품승인) gave back, for its detail and the phone's list: the
 * label and the sentence, or null for an order nothing was refunded on. The amount is the answer's
 * `refunded` (docs/requirements.md#order-statuses); a change-of-mind return names the shipping it kept.
 */
export function refundLine(o: OrderView): { label: string; text: string } | null {
  if (!ORDER_STATUSES_UNDONE.includes(o.status as OrderStatus)) return null;
  const onCredit = o.payWith === 'credit';
  const label = onCredit ? R.creditLabel : R.cashLabel;
  if (o.refunded === undefined) return { label, text: onCredit ? R.creditUnknown : R.cashUnknown };
  const kept = o.totalAmount + o.shipping - o.refunded;
  const said = onCredit ? R.credit(won(o.refunded)) : R.cash(won(o.refunded));
  if (kept <= 0) return { label, text: said };
  return { label, text: `${said} ${onCredit ? R.shippingKeptOnCredit(won(kept)) : R.shippingKept(won(kept))}` };
}
