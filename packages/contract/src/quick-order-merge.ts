/** Rows of one part number in a quick order merged into one (docs/requirements.md#quick-order). */
import type { QuickOrderRow } from './quick-order-lines.js';

/**
 * Same part number twice: one row, quantities added (the total may pass one line's limit), memos
 * joined; rows with an error stay as they are.
 */
export function merge(rows: QuickOrderRow[]): QuickOrderRow[] {
  const out: QuickOrderRow[] = [];
  const first = new Map<string, QuickOrderRow>();
  for (const row of rows) {
    const into = row.error ? undefined : first.get(row.normalised);
    if (!into) {
      if (!row.error) first.set(row.normalised, row);
      out.push(row);
      continue;
    }
    into.qty = (into.qty ?? 0) + (row.qty ?? 0);
    if (row.memo && !into.memo.split(' / ').includes(row.memo))
      into.memo = into.memo ? `${into.memo} / ${row.memo}` : row.memo;
    into.mergedLines = [...(into.mergedLines ?? []), row.line];
    // Two different readings of one line cannot be merged safely: only the plain reading stays.
    delete into.alternative;
    // A total past QUICK_ORDER_MAX_QTY stays whole: the server offers what the stock and one cart
    // line allow, as for lines of one product under two numbers (docs/requirements.md#quick-order).
  }
  return out;
}
