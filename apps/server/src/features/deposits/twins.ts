import { and, count, eq, gte, lt } from 'drizzle-orm';
import { seoulDay } from '@partsmall/contract';
import type { Tx } from '../../db/client.js';
import { lockFor } from '../../db/locks.js';
import { normalizeDepositorName } from './names.js';
import { deposits } from './schema.js';

/**
 * Whether a bank deposit staff type in, or a line of a bank file, may be one the other way has
 * recorded already (docs/requirements.md#credit-deposits): staff often type an urgent deposit and
 * import the bank's file later, and the two have different keys. Twins are the same Seoul day, amount
 * and compared depositor name; a deposit is held while the other way has more such deposits standing
 * (not set aside, not taken back) than its own way has besides it (`d`, just recorded), each of its own
 * way pairing one. So
 * a file with two equal lines and one typed twin holds the first and applies the second.
 */
export async function heldAsTwin(
  tx: Tx,
  d: { id: number; source: string; depositorName: string; amount: number; depositedAt: Date },
): Promise<boolean> {
  if (d.source !== 'staff' && d.source !== 'import') return false;
  const day = seoulDay(d.depositedAt);
  // Two deposits of one day and amount decide one after another (an import beside a typed one).
  await lockFor(tx, 'deposit-twins', day, d.amount);
  const start = new Date(`${day}T00:00:00+09:00`);
  const name = normalizeDepositorName(d.depositorName);
  // Counted by name and status in the database, the other way first: a file of equal lines has no
  // typed twin for most of them, and counting its own earlier lines for each new one read the whole
  // file again per line (10,000 equal lines: 45 s, docs/requirements.md#credit-deposits).
  const other = d.source === 'staff' ? 'import' : 'staff';
  const named = (groups: DayGroup[]) =>
    groups.filter((g) => normalizeDepositorName(g.name) === name).reduce((sum, g) => sum + g.n, 0);
  const standing = named((await sameDay(tx, other, d.amount, start)).filter(isStanding));
  if (standing === 0) return false;
  // `d` itself is one of its own way's.
  const ownBesides = named(await sameDay(tx, d.source, d.amount, start)) - 1;
  return standing > ownBesides;
}

type DayGroup = { name: string; status: string; n: number };

/** Not set aside by staff, not taken back by the bank. */
const isStanding = (g: DayGroup) => g.status !== 'ignored' && g.status !== 'reversed';

/** One way's deposits of an amount on a Seoul day, counted by depositor name and status (index deposits_amount_source_day). */
function sameDay(tx: Tx, source: 'staff' | 'import', amount: number, start: Date) {
  return tx
    .select({ name: deposits.depositorName, status: deposits.status, n: count() })
    .from(deposits)
    .where(
      and(
        eq(deposits.amount, amount),
        eq(deposits.source, source),
        gte(deposits.depositedAt, start),
        lt(deposits.depositedAt, new Date(start.getTime() + 86_400_000)),
      ),
    )
    .groupBy(deposits.depositorName, deposits.status);
}
