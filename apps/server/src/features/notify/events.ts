import {
  CANCEL_TITLES,
  ORDER_STATUS,
  REFUND_WORDS,
  carrierByCode,
  carrierFromName,
  cutText,
  normalizeWaybill,
  pickupPlaceLabel,
  trackingLink,
  type NotifySendJobData,
  type StatusActor,
} from '@partsmall/contract';
import type { Tx } from '../../db/client.js';
import { eventsWithNames, linesOf } from '../orders/repository.js';
import { enqueue } from '../../shared/job-queue.js';

/**
 * Where the shop's changes write their notifications (docs/requirements.md#notifications): each
 * helper runs on the transaction of the change, so the change and its `notify.send` job commit or
 * roll back together. Each key names the event's cause once (an order, an order's status event,
 * a payment), so the same event written twice is one job.
 */

type Values = NotifySendJobData['values'];
const send = (tx: Tx, data: NotifySendJobData, key: string) => enqueue(tx, 'notify.send', data, { key });

/** The keys of an order's messages: its payment's, and each status event's (its row id). */
const orderPaidKey = (orderId: number) => `order:${orderId}:paid`;
const orderEventKey = (orderId: number, eventId: number) => `order:${orderId}:event:${eventId}`;

/**
 * The keys of the messages an order's status event `eventId` follows: its payment's and its earlier
 * status events' (a move that told nothing has no job, and holds nothing). Its own message is sent
 * once none of them is still to send (notify/send.ts), so the buyer reads them in the order they
 * happened (docs/requirements.md#notifications).
 */
async function orderKeysBefore(tx: Tx, orderId: number, eventId: number): Promise<string[]> {
  const earlier = (await eventsWithNames(tx, orderId)).filter((e) => e.id < eventId);
  return [orderPaidKey(orderId), ...earlier.map((e) => orderEventKey(orderId, e.id))];
}

/** '브레이크 패드 외 2건': the first line's name and how many more. */
export function itemsSummary(names: readonly string[]): string {
  const first = (names[0] ?? '').trim() || '상품';
  // Cut by whole characters: half an emoji is no text, and the job's JSON would refuse it (and the payment with it).
  const cut = first.length > 40 ? `${cutText(first, 40)}…` : first;
  return names.length > 1 ? `${cut} 외 ${names.length - 1}건` : cut;
}

/** An order was paid (features/orders/payment.ts payOrder). */
export function notifyOrderPaid(
  tx: Tx,
  o: { orderId: number; companyId: number; names: readonly string[]; amount: number; paidAt: Date },
) {
  const values: Values = {
    orderNo: String(o.orderId),
    items: itemsSummary(o.names),
    amount: o.amount,
    paidAt: o.paidAt.toISOString(),
  };
  return send(tx, { event: 'orderPaid', companyId: o.companyId, values }, orderPaidKey(o.orderId));
}

/**
 * The carrier's name and tracking link of what staff wrote (a code, or a name typed as before), and
 * the waybill exactly as the order shows it (docs/requirements.md#shipping-and-tracking): a listed
 * carrier's digits, any other carrier's as typed.
 */
export function shippedValues(carrier: string | null | undefined, waybill: string | null | undefined): Values {
  const typed = (carrier ?? '').trim();
  const known = carrierByCode(typed) ?? carrierFromName(typed);
  const written = (waybill ?? '').trim();
  const number = known?.waybill ? normalizeWaybill(written) : written;
  const link = known && number ? trackingLink(known, number) : null;
  return {
    carrier: known?.name ?? (typed || '직접 배송'),
    waybill: number || '-',
    trackingLink: link ?? '쇼핑몰 주문 내역에서 확인하세요.',
  };
}

/**
 * An order moved (features/orders/service.ts moveOrder): shipment confirmed, shipped, seller
 * cancelled, staff's 출고취소, return approved or on hold are told; other moves (the buyer's own
 * cancel among them) are not. The key names the order's status event row (`eventId`): a repeated
 * request, which writes no new row, is told once; the message follows the order's earlier ones
 * (`after`). A cancel or return says where its money went by how the order was paid (`payWith`): a
 * 외상 order's comes off the receivables, never back as cash (docs/requirements.md#credit-checkout).
 */
export async function notifyOrderMoved(
  tx: Tx,
  o: { id: number; companyId: number; eventId: number; to: number; refunded: number; note?: string | undefined },
  /** A parcel's carrier and waybill, or a 방문수령 order's warehouse (`pickupAt`), handed over there. */
  shipped: { carrier?: string | null | undefined; waybill?: string | null | undefined; pickupAt?: string },
  /** The order's `pay_with` ('credit' or 'cash'), and who moved it: the buyer is not told of their own cancel. */
  { payWith, by }: { payWith: string; by: StatusActor },
) {
  const orderNo = String(o.id);
  const key = orderEventKey(o.id, o.eventId);
  const note = o.note?.trim();
  const base = { companyId: o.companyId, after: await orderKeysBefore(tx, o.id, o.eventId) };
  const words = REFUND_WORDS[payWith === 'credit' ? 'credit' : 'cash'];
  switch (o.to) {
    case ORDER_STATUS.shipmentConfirmed: {
      const lines = (await linesOf(tx, [o.id])).get(o.id) ?? [];
      const items = itemsSummary(lines.map((line) => line.name));
      return send(tx, { ...base, event: 'shipmentConfirmed', values: { orderNo, items } }, key);
    }
    case ORDER_STATUS.shipmentComplete:
      if (shipped.pickupAt !== undefined)
        return send(
          tx,
          { ...base, event: 'pickedUp', values: { orderNo, place: pickupPlaceLabel(shipped.pickupAt) } },
          key,
        );
      return send(
        tx,
        { ...base, event: 'shipped', values: { orderNo, ...shippedValues(shipped.carrier, shipped.waybill) } },
        key,
      );
    case ORDER_STATUS.shipmentCancelled:
    case ORDER_STATUS.sellerCancelled: {
      // Staff's 출고취소 refunds an order its buyer paid and did not cancel: told as the seller's cancel
      // is, in its own words. The buyer's own cancel is not told: they made it.
      if (o.to === ORDER_STATUS.shipmentCancelled && by !== 'staff') return null;
      const cancelTitle = o.to === ORDER_STATUS.sellerCancelled ? CANCEL_TITLES.seller : CANCEL_TITLES.beforeShipment;
      return send(
        tx,
        {
          ...base,
          event: 'sellerCancelled',
          values: {
            orderNo,
            cancelTitle,
            refundLabel: words.label,
            refundAmount: o.refunded,
            refundNote: words.cancelled,
          },
        },
        key,
      );
    }
    case ORDER_STATUS.returnApproved:
      return send(
        tx,
        {
          ...base,
          event: 'returnApproved',
          values: { orderNo, note: note || words.returned(o.refunded) },
        },
        key,
      );
    case ORDER_STATUS.returnOnHold:
      return send(
        tx,
        { ...base, event: 'returnOnHold', values: { orderNo, note: note || '담당자가 확인하고 있습니다.' } },
        key,
      );
    default:
      return null;
  }
}

/** A cash top-up was credited (features/payments/service.ts confirmPayment); the key is the payment's. */
export function notifyCashCredited(
  tx: Tx,
  p: { paymentId: number; companyId: number; amount: number; balanceAfter: number; at: Date },
) {
  return send(
    tx,
    {
      event: 'cashCredited',
      companyId: p.companyId,
      values: { amount: p.amount, balance: p.balanceAfter, creditedAt: p.at.toISOString() },
    },
    `payment:${p.paymentId}`,
  );
}

/** A bank transfer was asked for and its account is known: the member who asked is told where to pay. */
export function notifyTransferWaiting(
  tx: Tx,
  t: {
    paymentId: number;
    companyId: number;
    memberId: number;
    bank: string;
    account: string;
    amount: number;
    due: Date;
  },
) {
  return send(
    tx,
    {
      event: 'bankTransferWaiting',
      companyId: t.companyId,
      memberId: t.memberId,
      values: { bank: t.bank, account: t.account, amount: t.amount, dueAt: t.due.toISOString() },
    },
    `transfer:payment:${t.paymentId}`,
  );
}

/** How long one conversation's 'answer arrived' notice covers: later answers in the window add none. */
export const CHAT_REPLY_WINDOW_MINUTES = 10;

/** An answer's first words for its notice: on one line, cut at 60 characters; a photo without words is '(사진)'. */
export function chatReplyPreview(answer: string): string {
  const text = answer.replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${cutText(text, 60)}…` : text || '(사진)';
}

/**
 * A staff answer reached a customer with no chat socket open, and the conversation's notice was
 * claimed for it (features/notify/chat-reply.ts): the notice with the answer's first words, keyed by
 * the conversation and the answer's time.
 */
export function notifyChatReply(
  tx: Tx,
  c: { companyId: number; memberId: number; conversationId: number; preview: string; at: Date },
) {
  const preview = chatReplyPreview(c.preview);
  return send(
    tx,
    { event: 'chatReply', companyId: c.companyId, memberId: c.memberId, values: { preview } },
    `chat:${c.conversationId}:${c.at.getTime()}`,
  );
}

/**
 * A statement's virtual account was issued (features/deposits): the company's main account is told
 * where to pay it and by when; the key is the account's, so a retried issue tells once.
 */
export function notifyStatementAccount(
  tx: Tx,
  a: {
    accountId: number;
    companyId: number;
    month: string;
    amount: number;
    bank: string;
    account: string;
    holder: string;
    due: Date;
  },
) {
  return send(
    tx,
    {
      event: 'statementAccount',
      companyId: a.companyId,
      values: {
        month: a.month,
        amount: a.amount,
        bank: a.bank,
        account: a.account,
        holder: a.holder,
        dueAt: a.due.toISOString(),
      },
    },
    `statement-account:${a.accountId}`,
  );
}
