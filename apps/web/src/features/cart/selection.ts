import type { CartLine } from '@partsmall/contract';

/** The cart's selection rules (docs/requirements.md#cart-and-checkout): one warehouse per order, sold-out lines never picked. */

export interface Group {
  storageId: number;
  stockName: string;
  lines: CartLine[];
}

export function groupByWarehouse(lines: CartLine[]): Group[] {
  const groups = new Map<number, Group>();
  for (const line of lines) {
    const id = line.productInfo.storageId;
    const g = groups.get(id) ?? { storageId: id, stockName: line.productInfo.stockName, lines: [] };
    g.lines.push(line);
    groups.set(id, g);
  }
  return [...groups.values()];
}

export const orderable = (l: CartLine) => l.productInfo.hasAmount > 0;

/**
 * The lines selected: on arrival the first warehouse's orderable lines; after that the user's
 * picks that are still in the cart and orderable.
 */
export function selectedLines(lines: CartLine[], picked: Set<number> | null): Set<number> {
  if (picked === null) return new Set(groupByWarehouse(lines.filter(orderable))[0]?.lines.map((l) => l.seq) ?? []);
  return new Set(lines.filter((l) => picked.has(l.seq) && orderable(l)).map((l) => l.seq));
}
