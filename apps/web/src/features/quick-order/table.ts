import { QUICK_ORDER_MAX_QTY, type QuickOrderRowAnswer } from '@partsmall/contract';
import { QT } from './texts';

/** What the buyer changed on a resolved line. */
export interface Edit {
  include: boolean;
  productId: number | null;
  /** Null while the box is empty: a line whose quantity could not be read, or one the buyer cleared. */
  qty: number | null;
  memo: string;
  jobRef: string;
}

/**
 * A resolved line as the table first shows it. A quantity that could not be read ('1.5', `invalid`)
 * leaves the box empty beside its message (docs/requirements.md#quick-order): a 1 there read as if
 * the shop had fixed it.
 */
export const editOf = (row: QuickOrderRowAnswer): Edit => ({
  include: row.productId !== null && row.orderQty > 0,
  productId: row.productId,
  qty: row.orderQty > 0 ? row.orderQty : row.qty,
  memo: row.memo,
  jobRef: '',
});

/**
 * Why a ticked line cannot go to the cart, or null when it can or is not ticked: a product picked and
 * a quantity from 1 to its stock and to one cart line's limit. Said on the row, as every action that
 * cannot be taken says why (docs/requirements.md#look-and-language); before, such a line was left out
 * of the cart without a word.
 */
export function whyNot(row: QuickOrderRowAnswer, edit: Edit): string | null {
  if (!edit.include) return null;
  const c = row.candidates.find((x) => x.productId === edit.productId);
  if (!c) return QT.why.noProduct;
  if (c.stock <= 0) return QT.why.soldOut;
  if (edit.qty === null || edit.qty < 1) return QT.why.underOne;
  if (edit.qty > c.stock) return QT.why.overStock(c.stock);
  if (edit.qty > QUICK_ORDER_MAX_QTY) return QT.why.overMax;
  return null;
}

/** A line goes to the cart: ticked, and nothing stands in its way. */
export const ready = (row: QuickOrderRowAnswer, edit: Edit): boolean => edit.include && whyNot(row, edit) === null;

/** The cart lines of the lines that can go, and the table of the others (they stay after the add). */
export function forCart(rows: QuickOrderRowAnswer[], edits: Edit[]) {
  const lines: { productId: number; qty: number; memo?: string; jobRef?: string }[] = [];
  const left: { rows: QuickOrderRowAnswer[]; edits: Edit[] } = { rows: [], edits: [] };
  rows.forEach((r, i) => {
    const e = edits[i]!;
    if (!ready(r, e)) {
      left.rows.push(r);
      left.edits.push(e);
      return;
    }
    const jobRef = e.jobRef.trim();
    lines.push({
      productId: e.productId!,
      qty: e.qty!,
      ...(e.memo ? { memo: e.memo } : {}),
      ...(jobRef ? { jobRef } : {}),
    });
  });
  return { lines, left };
}

/**
 * What a row of a file or paste held, for a row without a part number (an estimate's title, the
 * second row of a merged cell): its cells' text, so the buyer can tell which row it was.
 */
export const heldText = (row: QuickOrderRowAnswer): string =>
  row.input
    .split('\t')
    .map((c) => c.trim())
    .filter(Boolean)
    .join(' · ');

/**
 * The table outlives a visit to the chat (the phone's chat is a page of its own): kept in this tab's
 * storage until its lines go to the cart; lines that did not go stay.
 */
const TABLE_KEY = 'quickOrderTable';

export function storedTable(): { rows: QuickOrderRowAnswer[]; edits: Edit[] } {
  try {
    const kept = JSON.parse(sessionStorage.getItem(TABLE_KEY) ?? 'null') as {
      rows?: QuickOrderRowAnswer[];
      edits?: Edit[];
    } | null;
    if (kept && Array.isArray(kept.rows) && Array.isArray(kept.edits) && kept.rows.length === kept.edits.length)
      return { rows: kept.rows, edits: kept.edits };
  } catch {
    /* storage blocked or a stale shape: an empty table */
  }
  return { rows: [], edits: [] };
}

export function keepTable(rows: QuickOrderRowAnswer[], edits: Edit[]) {
  try {
    if (rows.length === 0) sessionStorage.removeItem(TABLE_KEY);
    else sessionStorage.setItem(TABLE_KEY, JSON.stringify({ rows, edits }));
  } catch {
    /* storage blocked: the table lasts while the page is open */
  }
}
