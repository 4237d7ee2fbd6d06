/**
 * The amounts of the shop's 전자세금계산서 (pure; issuing is a job's work): one per shipped order, or one
 * 월합계 per company and month listing that month's shipped orders less what was refunded before the
 * invoice was issued. What is refunded after issuance is corrected by a negative 수정세금계산서 for the
 * refunded amount. Prices include VAT, so every amount is split with `splitWithTotal`/`allocateVat`.
 */
import { allocateVat, splitWithTotal, type VatSplit } from './rules.js';
import { seoulDay, seoulMonth } from './seoul-time.js';

/** A seller cancel or an approved return: money given back for part or all of an order. */
export interface InvoiceRefund {
  /** The refund's own id (a return's or cancel's seq): one correction per refund, never two. */
  seq: number;
  /** VAT-included won refunded, > 0. */
  amount: number;
  at: Date;
}

export interface InvoiceOrder {
  seq: number;
  /** What the order charged, VAT included: items and shipping. */
  total: number;
  /** When it was shipped (status moved to shipped); null if it never was. */
  shippedAt: Date | null;
  refunds: readonly InvoiceRefund[];
}

export interface InvoiceItem extends VatSplit {
  orderSeq: number;
}

export interface InvoiceDraft extends VatSplit {
  mgtKey: string;
  /** 작성일자 as Popbill takes it: YYYYMMDD, Asia/Seoul. */
  writeDate: string;
  items: InvoiceItem[];
}

export interface CorrectionDraft extends VatSplit {
  mgtKey: string;
  /** The original invoice this one corrects. */
  originalMgtKey: string;
  writeDate: string;
  refundSeq: number;
  orderSeq: number;
}

/** The Seoul day of an instant as YYYYMMDD (the 작성일자). */
const seoulYmd = (at: Date) => seoulDay(at).replace(/-/g, '');

/** The last calendar day of 'YYYY-MM' as YYYYMMDD (the 작성일자 of a 월합계 invoice). */
export function lastDayOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const day = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month.replace('-', '')}${String(day).padStart(2, '0')}`;
}

/** A 월합계 invoice must be issued by the 10th of the next month: that day as YYYY-MM-DD. */
export function monthlyIssueDeadline(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 10));
  return next.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// mgtKey: Popbill's 문서번호, 1-24 characters of [A-Za-z0-9_-], unique per issuer. Derived, never stored
// first, so that a job retried after a crash asks Popbill for the key it may already have issued.
// Numbers are written in base 36, upper case: the longest key (a correction of a 월합계 with ids up to
// 2^31) is then 23 characters, and Popbill's keys being case-insensitive cannot merge two keys. The
// installation's prefix (at most 3) goes in front: with a company below 46,656 ('ZZZ') and any refund
// below 2^31 the correction is 20, 23 with the prefix.
// The parts are separated by '-', which base 36 never contains, so different inputs never share a key.

const MGT_KEY_SHAPE = /^[A-Za-z0-9_-]{1,24}$/;

function id36(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647)
    throw new RangeError(`mgtKey needs an id 1..2^31-1: ${n}`);
  return n.toString(36).toUpperCase();
}

function checked(key: string): string {
  if (!MGT_KEY_SHAPE.test(key)) throw new RangeError(`mgtKey out of shape: ${key}`);
  return key;
}

/** 'O-<order>' for a per-order invoice. */
export function orderMgtKey(orderSeq: number): string {
  return checked(`O-${id36(orderSeq)}`);
}

/** 'M-<YYYYMM>-<company>' for a company's 월합계 invoice of a month ('YYYY-MM'). */
export function monthlyMgtKey(companySeq: number, month: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new RangeError(`month must be YYYY-MM: ${month}`);
  return checked(`M-${month.replace('-', '')}-${id36(companySeq)}`);
}

/** '<original>-R<refund>' for the 수정세금계산서 of one refund. */
export function correctionMgtKey(originalMgtKey: string, refundSeq: number): string {
  return checked(`${originalMgtKey}-R${id36(refundSeq)}`);
}

/**
 * '<original>-C<credit note>' for the 수정세금계산서 of a credit note: a return of a credit order after
 * its statement's 월합계 (docs/requirements.md#monthly-close). The credit note's receivables-ledger id
 * is not a cash refund's id, hence its own letter.
 */
export function creditNoteMgtKey(originalMgtKey: string, creditNoteSeq: number): string {
  return checked(`${originalMgtKey}-C${id36(creditNoteSeq)}`);
}

// ---------------------------------------------------------------------------------------------

function refundedBefore(order: InvoiceOrder, issueAt: Date): number {
  return order.refunds.filter((r) => r.at.getTime() <= issueAt.getTime()).reduce((a, r) => a + r.amount, 0);
}

/**
 * The per-order invoice, issued at `issueAt` (normally the moment of shipping): the order's total less
 * what was refunded by then. Null when the order was never shipped or nothing is left to invoice.
 */
export function orderInvoice(order: InvoiceOrder, issueAt: Date): InvoiceDraft | null {
  if (!order.shippedAt) return null;
  const net = order.total - refundedBefore(order, issueAt);
  if (net <= 0) return null;
  const split = splitWithTotal(net);
  return {
    mgtKey: orderMgtKey(order.seq),
    writeDate: seoulYmd(order.shippedAt),
    ...split,
    items: [{ orderSeq: order.seq, ...split }],
  };
}

/**
 * A company's 월합계 for `month` ('YYYY-MM', Asia/Seoul), issued at `issueAt`: every order shipped in
 * that month, each less what was refunded before issuance; an order refunded in full drops out. The
 * items are split so that they add up to the invoice's own split. Null when nothing is left.
 */
export function monthlyInvoice(
  companySeq: number,
  month: string,
  orders: readonly InvoiceOrder[],
  issueAt: Date,
): InvoiceDraft | null {
  const rows = orders
    .filter((o) => o.shippedAt && seoulMonth(o.shippedAt) === month)
    .map((o) => ({ orderSeq: o.seq, net: o.total - refundedBefore(o, issueAt) }))
    .filter((r) => r.net > 0)
    .sort((a, b) => a.orderSeq - b.orderSeq);
  if (!rows.length) return null;
  const splits = allocateVat(rows.map((r) => r.net));
  const total = rows.reduce((a, r) => a + r.net, 0);
  return {
    mgtKey: monthlyMgtKey(companySeq, month),
    writeDate: lastDayOfMonth(month),
    ...splitWithTotal(total),
    items: rows.map((r, i) => ({ orderSeq: r.orderSeq, ...splits[i]! })),
  };
}

/** 'S-<statement>' for the 월합계 invoice of a credit statement (docs/requirements.md#monthly-close). */
export function statementMgtKey(statementSeq: number): string {
  return checked(`S-${id36(statementSeq)}`);
}

/**
 * The 월합계 invoice of a credit statement of `month`: each order the statement bills at its net
 * (charge less the reversals on the same statement), orders netting to nothing dropped; 작성일자 the
 * month's last day. Null when nothing is left to invoice.
 */
export function statementInvoice(
  statementSeq: number,
  month: string,
  orders: readonly { orderSeq: number; net: number }[],
): InvoiceDraft | null {
  const rows = orders.filter((r) => r.net > 0).sort((a, b) => a.orderSeq - b.orderSeq);
  if (!rows.length) return null;
  const splits = allocateVat(rows.map((r) => r.net));
  const total = rows.reduce((a, r) => a + r.net, 0);
  return {
    mgtKey: statementMgtKey(statementSeq),
    writeDate: lastDayOfMonth(month),
    ...splitWithTotal(total),
    items: rows.map((r, i) => ({ orderSeq: r.orderSeq, ...splits[i]! })),
  };
}

/**
 * The negative 수정세금계산서 of each refund made after `original` was issued (at `issuedAt`), for the
 * orders it lists, each at most what is still invoiced for its order. Refunds before issuance were
 * already left out of it and get none.
 */
export function corrections(
  original: InvoiceDraft,
  issuedAt: Date,
  orders: readonly InvoiceOrder[],
): CorrectionDraft[] {
  const invoiced = new Map(original.items.map((i) => [i.orderSeq, i]));
  const out: CorrectionDraft[] = [];
  for (const order of orders) {
    const item = invoiced.get(order.seq);
    if (item === undefined) continue;
    // What is left to correct: a refund never takes an order below zero on the invoices.
    const left: VatSplit = { supply: item.supply, tax: item.tax, total: item.total };
    const after = order.refunds
      .filter((r) => r.at.getTime() > issuedAt.getTime())
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);
    for (const refund of after) {
      const split = correctionSplit(refund.amount, left);
      if (!split) continue;
      left.supply += split.supply;
      left.tax += split.tax;
      left.total += split.total;
      out.push({
        mgtKey: correctionMgtKey(original.mgtKey, refund.seq),
        originalMgtKey: original.mgtKey,
        writeDate: seoulYmd(refund.at),
        refundSeq: refund.seq,
        orderSeq: order.seq,
        ...split,
      });
    }
  }
  return out.sort((a, b) => a.refundSeq - b.refundSeq);
}

/**
 * The negative split of a correction of `amount` against what an order still has on its invoice
 * (`left`), never more than that; null when nothing is left. One that takes the order to zero is the
 * exact negative of what is left: a 월합계 settles its lines' rounding won by won (끝전 조정), so an
 * item of 16 may be 14 + 2, and a fresh split of −16 (−15 − 1) left that order at 공급가액 −1, 세액 +1.
 * One that takes a part leaves the order at the split of what it keeps, the figures its 거래명세서
 * shows (a fresh split of the part could leave it a won apart), unless the settled won of a 월합계
 * item would turn a column of the correction positive: then the part is split afresh.
 */
export function correctionSplit(amount: number, left: VatSplit): VatSplit | null {
  const taken = Math.min(amount, left.total);
  if (taken <= 0) return null;
  if (taken === left.total) return { supply: -left.supply, tax: -left.tax, total: -left.total };
  const kept = splitWithTotal(left.total - taken);
  const part = { supply: kept.supply - left.supply, tax: kept.tax - left.tax, total: -taken };
  return part.supply <= 0 && part.tax <= 0 ? part : splitWithTotal(-taken);
}
