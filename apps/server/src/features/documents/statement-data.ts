/**
 * The numbers of a 거래명세서, apart from its drawing: each line's 공급가액 and 세액 (prices include VAT,
 * so a line's amount is split, and the won that per-line rounding leaves over is settled within its
 * order, so that an order's columns add up to the split of the order's total: the figure its own
 * statement and its tax invoice declare, on a period statement too).
 */
import { allocateVat, type MallBottom, type VatSplit } from '@partsmall/contract';

export interface StatementParty {
  company: string;
  /** 사업자등록번호, digits or already hyphenated. */
  registrationNumber: string;
  representative: string;
  address: string;
  phone?: string;
}

export interface StatementLine {
  partNo: string;
  name: string;
  quantity: number;
  /** VAT-included unit price in won, as the shop charges it. */
  unitPrice: number;
  /** The buyer's note on the line (a quick order's memo), printed under its name. */
  memo?: string;
}

export interface StatementOrder {
  /** The order number as the buyer sees it. */
  orderNo: string;
  orderedAt: Date;
  lines: readonly StatementLine[];
  /** VAT-included shipping fee in won (0 when none). */
  shipping: number;
  /** What the buyer's workshop files the parts under: VINs, job or repair-order numbers. */
  jobRefs?: readonly string[];
  /**
   * Set when the order was undone (취소 or 반품, its money given back): its own statement then says so
   * instead of claiming the amount; a return for change of mind (`returnedShippingKept`) gave back the
   * goods only, its lines are left out and its shipping is claimed (docs/requirements.md#statements).
   */
  undone?: { kind: 'cancelled' | 'returned' | 'returnedShippingKept'; label: string };
  /**
   * Bought on 외상 (docs/requirements.md#credit-checkout): its amount is billed by the 외상 월 명세서,
   * not paid from cash, and an undone one was never refunded: its amount came off what the company owes.
   */
  onCredit?: boolean;
}

export interface OrderStatementInput {
  supplier: StatementParty;
  buyer: StatementParty;
  order: StatementOrder;
  /** When the document is made (shown in the footer); now by default. */
  issuedAt?: Date;
}

export interface MonthlyStatementInput {
  supplier: StatementParty;
  buyer: StatementParty;
  /** The period, Asia/Seoul days 'YYYY-MM-DD', inclusive. */
  from: string;
  to: string;
  orders: readonly StatementOrder[];
  issuedAt?: Date;
}

/** One row of the table: a part line or a shipping fee. */
export interface StatementRow extends VatSplit {
  orderNo: string;
  orderedAt: Date;
  partNo: string;
  name: string;
  quantity: number;
  unitPrice: number;
  shipping: boolean;
  memo?: string;
}

export interface StatementTotals extends VatSplit {
  /** The goods' count: a shipping row's 1 (its amount is 1 × the fee) is no quantity and is not counted. */
  quantity: number;
  shipping: number;
}

/**
 * The most rows one document holds: a month of a busy company is about a thousand; the layout is kept
 * in memory while the PDF is written, so a bound keeps one request from taking the server's memory.
 */
export const MAX_STATEMENT_ROWS = 5_000;

/** The input cannot make a statement (too many rows, a quantity or price that is not whole won). */
export class StatementInputError extends Error {
  override readonly name = 'StatementInputError';
}

/** The shop configuration's footer block (company, 사업자등록번호, 대표자, address, phone) as the supplier. */
export function supplierFromMallBottom(
  mb: Pick<MallBottom, 'companyName' | 'license' | 'ceo' | 'address' | 'phone'>,
): StatementParty {
  return {
    company: mb.companyName,
    registrationNumber: mb.license,
    representative: mb.ceo,
    address: mb.address,
    phone: mb.phone,
  };
}

function wholeWon(value: number, what: string, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) throw new StatementInputError(`${what}: ${value}`);
}

/**
 * The rows of the orders, in order, each split; each order's rows add up to the split of the order's
 * total, and the totals are the sum of the orders' (docs/requirements.md#statements).
 */
export function statementRows(orders: readonly StatementOrder[]): { rows: StatementRow[]; totals: StatementTotals } {
  const bare: Omit<StatementRow, keyof VatSplit>[] = [];
  const splits: VatSplit[] = [];
  let quantity = 0;
  let shipping = 0;
  for (const o of orders) {
    const amounts: number[] = [];
    for (const l of o.lines) {
      wholeWon(l.quantity, 'quantity', 1);
      wholeWon(l.unitPrice, 'unitPrice', 0);
      bare.push({
        orderNo: o.orderNo,
        orderedAt: o.orderedAt,
        partNo: l.partNo,
        name: l.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        shipping: false,
        ...(l.memo?.trim() ? { memo: l.memo.trim() } : {}),
      });
      amounts.push(l.quantity * l.unitPrice);
      quantity += l.quantity;
    }
    wholeWon(o.shipping, 'shipping', 0);
    if (o.shipping > 0) {
      bare.push({
        orderNo: o.orderNo,
        orderedAt: o.orderedAt,
        partNo: '',
        name: '배송비',
        quantity: 1,
        unitPrice: o.shipping,
        shipping: true,
      });
      amounts.push(o.shipping);
      shipping += o.shipping;
    }
    if (bare.length > MAX_STATEMENT_ROWS) throw new StatementInputError(`more than ${MAX_STATEMENT_ROWS} rows`);
    for (const a of amounts) wholeWon(a, 'amount', 0);
    splits.push(...allocateVat(amounts));
  }
  const rows = bare.map((b, i) => ({ ...b, ...splits[i]! }));
  const totals = rows.reduce(
    (t, r) => ({ ...t, supply: t.supply + r.supply, tax: t.tax + r.tax, total: t.total + r.total }),
    { supply: 0, tax: 0, total: 0, quantity, shipping },
  );
  return { rows, totals };
}

const DIGITS = ['', '일', '이', '삼', '사', '오', '육', '칠', '팔', '구'];
const SMALL = ['', '십', '백', '천'];
const LARGE = ['', '만', '억', '조', '경'];

/**
 * An amount in Korean numerals as a 거래명세서 writes it after '일금': 123000 → '일십이만삼천'. Every digit
 * is written, '일' included, as on cheques and statements (so nothing can be added in front).
 */
export function wonInWords(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new StatementInputError(`amount: ${amount}`);
  if (amount === 0) return '영';
  let out = '';
  const s = String(amount);
  const groups: string[] = [];
  for (let end = s.length; end > 0; end -= 4) groups.unshift(s.slice(Math.max(0, end - 4), end));
  groups.forEach((g, gi) => {
    const big = LARGE[groups.length - 1 - gi]!;
    let part = '';
    const padded = g.padStart(4, '0');
    for (let i = 0; i < 4; i++) {
      const d = Number(padded[i]);
      if (d) part += DIGITS[d]! + SMALL[3 - i]!;
    }
    if (part) out += part + big;
  });
  return out;
}
