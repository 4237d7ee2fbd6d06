/**
 * The matching ladder of a deposit (docs/requirements.md#credit-deposits): which of a company's open items
 * (statements with an amount still unpaid) a deposit pays, and what is left for the company's cash.
 * Pure: the caller reads the open items under the company's lock and writes what this answers.
 *
 * The rungs, the first that holds decides:
 * 1. `ownAccount`: the deposit came into the virtual account of one statement: that statement first
 *    (up to what is open), what is left by rung 4;
 * 2. `exactOne`: the amount equals what is open on one statement (several: the oldest due);
 * 3. `exactSet`: a set of two to five open items sums to the amount exactly (the smallest set; among
 *    sets of one size, the one of the oldest items);
 * 4. `oldestFirst`: the oldest due first, each paid in full while the amount lasts, the last partly;
 * 5. what is left after the items goes to the company's cash (`toCash`); `none` when nothing was open.
 */
import type { DepositRule } from '@partsmall/contract';

export interface OpenItem {
  /** The statement's id. */
  id: number;
  /** Won still unpaid, above zero. */
  open: number;
  /** Its due day, 'YYYY-MM-DD' (Asia/Seoul): older is paid first. */
  dueDate: string;
}

export interface Allocation {
  itemId: number;
  amount: number;
}

export type Rung = DepositRule;

export interface LadderResult {
  rung: Rung;
  allocations: Allocation[];
  /** Won left over for the company's cash balance. */
  toCash: number;
}

/** The most open items a set may hold (rung 3). */
export const LADDER_SET_MAX = 5;
/**
 * Rung 3 looks at this many of the oldest open items: the sets of up to five among 30 are about
 * 170,000, a few milliseconds; a company with more unpaid statements is matched by the older rungs.
 */
export const LADDER_SET_POOL = 30;

/** Oldest due first; the same day by id (the statement closed first). */
function byAge(a: OpenItem, b: OpenItem): number {
  return a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id - b.id;
}

/** Pays `items` (oldest first) while `amount` lasts. */
function oldestFirst(amount: number, items: readonly OpenItem[]): { allocations: Allocation[]; left: number } {
  const allocations: Allocation[] = [];
  let left = amount;
  for (const item of items) {
    if (left <= 0) break;
    const paid = Math.min(left, item.open);
    allocations.push({ itemId: item.id, amount: paid });
    left -= paid;
  }
  return { allocations, left };
}

/**
 * The smallest set of `size` items (2..LADDER_SET_MAX) of `pool` (oldest first) summing to `amount`,
 * the first in the order of the pool (so the oldest items); null when none does.
 */
function exactSet(amount: number, pool: readonly OpenItem[]): OpenItem[] | null {
  for (let size = 2; size <= Math.min(LADDER_SET_MAX, pool.length); size++) {
    const chosen: OpenItem[] = [];
    const search = (from: number, left: number): boolean => {
      if (chosen.length === size) return left === 0;
      for (let i = from; i <= pool.length - (size - chosen.length); i++) {
        const item = pool[i]!;
        if (item.open > left) continue;
        chosen.push(item);
        if (search(i + 1, left - item.open)) return true;
        chosen.pop();
      }
      return false;
    };
    if (search(0, amount)) return chosen;
  }
  return null;
}

/**
 * Where a deposit of `amount` won goes among a company's open items. `ownAccountItemId` names the
 * statement whose virtual account received it (rung 1). Items with nothing open are ignored.
 */
export function allocateDeposit(amount: number, items: readonly OpenItem[], ownAccountItemId?: number): LadderResult {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`ladder: amount must be a positive whole number, got ${amount}`);
  const open = items.filter((i) => Number.isSafeInteger(i.open) && i.open > 0).sort(byAge);
  if (open.length === 0) return { rung: 'none', allocations: [], toCash: amount };

  const own = ownAccountItemId === undefined ? undefined : open.find((i) => i.id === ownAccountItemId);
  if (own) {
    const first = Math.min(amount, own.open);
    const rest = oldestFirst(
      amount - first,
      open.filter((i) => i !== own),
    );
    return {
      rung: 'ownAccount',
      allocations: [{ itemId: own.id, amount: first }, ...rest.allocations],
      toCash: rest.left,
    };
  }

  const one = open.find((i) => i.open === amount);
  if (one) return { rung: 'exactOne', allocations: [{ itemId: one.id, amount }], toCash: 0 };

  const set = exactSet(amount, open.slice(0, LADDER_SET_POOL));
  if (set) return { rung: 'exactSet', allocations: set.map((i) => ({ itemId: i.id, amount: i.open })), toCash: 0 };

  const paid = oldestFirst(amount, open);
  return { rung: 'oldestFirst', allocations: paid.allocations, toCash: paid.left };
}
