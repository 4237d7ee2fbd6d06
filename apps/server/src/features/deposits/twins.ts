import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
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
  // Counted by name and status in the database: a file of 10,000 equal lines read every earlier line
  // again for each new one (50 million rows, 183 s for one import).
  const groups = await tx
    .select({ source: deposits.source, name: deposits.depositorName, status: deposits.status, n: count() })
    .from(deposits)
    .where(
      and(
        eq(deposits.amount, d.amount),
        inArray(deposits.source, ['staff', 'import']),
        gte(deposits.depositedAt, start),
        lt(deposits.depositedAt, new Date(start.getTime() + 86_400_000)),
      ),
    )
    .groupBy(deposits.source, deposits.depositorName, deposits.status);
  const name = normalizeDepositorName(d.depositorName);
  const same = groups.filter((g) => normalizeDepositorName(g.name) === name);
  const standing = same
    .filter((g) => g.source !== d.source && g.status !== 'ignored' && g.status !== 'reversed')
    .reduce((sum, g) => sum + g.n, 0);
  // `d` itself is one of its own way's.
  const ownBesides = same.filter((g) => g.source === d.source).reduce((sum, g) => sum + g.n, 0) - 1;
  return standing > ownBesides;
}
