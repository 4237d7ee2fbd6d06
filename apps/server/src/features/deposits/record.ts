import { createHash } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import {
  DEPOSIT_REVIEW_REASONS,
  DEPOSIT_RULE_LABELS,
  type DepositRule,
  DEPOSIT_STATUS_LABELS,
  type DepositReviewReason,
  type DepositRow,
  type DepositStatus,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { pageOfTable } from '../../db/page.js';
import { companiesWithCreditAccount, paymentsOfDeposits } from '../credit/repository.js';
import { activeCompanyName, activeCompanyNames, companyNamesOf } from '../members/repository.js';
import { applyDeposit, type DepositDbRow } from './apply.js';
import type { LadderResult } from './ladder.js';
import { companyNameIndex, matchDepositor, type NameIndex, type NameMatch, type NamedCompany } from './names.js';
import { depositorNames, deposits } from './schema.js';
import { heldAsTwin } from './twins.js';

export type DepositSource = 'virtual_account' | 'card' | 'staff' | 'import';

export interface NewDeposit {
  source: DepositSource;
  /** One deposit per key: a repeated source (a replayed callback, a file imported twice) records nothing. */
  sourceKey: string;
  depositorName: string;
  amount: number;
  depositedAt: Date;
  /** Known company (a virtual account's, a card payment's, or named by staff); else matched by name. */
  companyId?: number | undefined;
  accountId?: number | undefined;
  paymentId?: number | undefined;
  /** The statement its virtual account or card payment is for: paid first (the ladder's first rung). */
  ownStatementId?: number | undefined;
  recordedBy?: number | null | undefined;
}

export interface Recorded {
  deposit: DepositDbRow;
  /** False when the source key was recorded before: nothing changed. */
  created: boolean;
  /** What the ladder decided (absent: not applied, it waits in the review queue, or repeated). */
  ladder?: LadderResult;
}

/**
 * The companies' compared names: the depositor names staff taught each, and each company's own, which
 * matches by itself only for a company with a 외상 account (names.ts says why).
 */
export async function loadNameIndex(db: Db | Tx): Promise<NameIndex> {
  // One after another: on a transaction (one connection) queries cannot run side by side.
  const own = await activeCompanyNames(db);
  const onCredit = await companiesWithCreditAccount(db);
  const taught = await db.select({ id: depositorNames.companyId, name: depositorNames.name }).from(depositorNames);
  const named = new Map<number, NamedCompany & { names: string[] }>();
  for (const r of own)
    named.set(r.id, onCredit.has(r.id) ? { id: r.id, names: [r.name] } : { id: r.id, names: [], untrusted: r.name });
  // A withdrawn company's taught names match nothing: only the companies read above are compared.
  for (const r of taught) named.get(r.id)?.names.push(r.name);
  return companyNameIndex([...named.values()]);
}

const REVIEW_REASON = { none: 'noMatch', many: 'ambiguous', notOnCredit: 'notOnCredit' } as const;

/**
 * Records a deposit once per source key and applies it (docs/requirements.md#credit-deposits): with
 * its company known, or the one company its depositor name names, by the ladder; else it waits in
 * the review queue ('review', with the reason and the companies it matched). On the caller's
 * transaction, so a deposit and everything it paid commit together.
 */
export async function recordDeposit(
  tx: Tx,
  d: NewDeposit,
  names: NameIndex | null,
  now: Date = new Date(),
): Promise<Recorded> {
  let match: NameMatch | null = null;
  if (d.companyId === undefined) match = matchDepositor(d.depositorName, names ?? (await loadNameIndex(tx)));
  const reason: DepositReviewReason | null = match === null || match.kind === 'one' ? null : REVIEW_REASON[match.kind];
  const [inserted] = await tx
    .insert(deposits)
    .values({
      source: d.source,
      sourceKey: d.sourceKey,
      depositorName: d.depositorName,
      amount: d.amount,
      depositedAt: d.depositedAt,
      status: 'review',
      reviewReason: reason,
      candidates: match && 'companyIds' in match ? match.companyIds : null,
      accountId: d.accountId ?? null,
      paymentId: d.paymentId ?? null,
      recordedBy: d.recordedBy ?? null,
    })
    .onConflictDoNothing({ target: deposits.sourceKey })
    .returning();
  if (!inserted) {
    const [before] = await tx.select().from(deposits).where(eq(deposits.sourceKey, d.sourceKey));
    return { deposit: before!, created: false };
  }
  // Asked only of a deposit recorded now (a repeated key, as a file imported again, costs nothing more).
  if (await heldAsTwin(tx, inserted)) {
    const [held] = await tx
      .update(deposits)
      .set({ reviewReason: 'twin', candidates: null })
      .where(eq(deposits.id, inserted.id))
      .returning();
    return { deposit: held!, created: true };
  }
  const companyId = d.companyId ?? (match?.kind === 'one' ? match.companyId : undefined);
  if (companyId === undefined) return { deposit: inserted, created: true };
  const ladder = await applyDeposit(tx, inserted, companyId, {
    ownStatementId: d.ownStatementId,
    memberId: d.recordedBy ?? null,
    now,
  });
  const [after] = await tx.select().from(deposits).where(eq(deposits.id, inserted.id));
  return { deposit: after!, created: true, ladder };
}

/** A depositor name as a bank file's lines are compared: NFKC, spaces folded and trimmed. */
const comparedName = (name: string) => name.normalize('NFKC').replace(/\s+/g, ' ').trim();

/**
 * The source keys of a bank file's lines: each line's instant, compared depositor name and amount,
 * and how many lines with the same three came before it in the file (two equal deposits in one minute
 * are two, however their names are spaced). The same export imported again, or a later export of an
 * overlapping period, finds its lines recorded.
 */
export function importKeys(rows: readonly { depositedAt: string; depositorName: string; amount: number }[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const same = `${row.depositedAt}\u0000${comparedName(row.depositorName)}\u0000${row.amount}`;
    const nth = seen.get(same) ?? 0;
    seen.set(same, nth + 1);
    return `import:${createHash('sha256').update(`${same}\u0000${nth}`).digest('hex').slice(0, 40)}`;
  });
}

/** Deposits as the back office reads them (their company, the review reason and matched companies, what they paid). */
export async function depositRows(db: Db | Tx, rows: readonly DepositDbRow[]): Promise<DepositRow[]> {
  if (rows.length === 0) return [];
  const companyIds = [...new Set(rows.flatMap((r) => [r.companyId, ...(r.candidates ?? [])]))].filter(
    (id): id is number => id !== null,
  );
  const [names, paid] = await Promise.all([
    companyIds.length ? companyNamesOf(db, companyIds) : Promise.resolve([]),
    paymentsOfDeposits(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((r) => {
    const status = r.status as DepositStatus;
    const applications = paid
      .filter((p) => p.depositId === r.id)
      .map((p) => ({ statementSeq: p.statementId, month: p.month, amount: -p.amount, toCash: false }));
    if (r.toCash > 0) applications.push({ statementSeq: null, month: null, amount: r.toCash, toCash: true });
    return {
      seq: r.id,
      source: r.source as DepositRow['source'],
      depositorName: r.depositorName,
      amount: r.amount,
      depositedAt: r.depositedAt.toISOString(),
      companyId: r.companyId,
      companyName: r.companyId === null ? null : (nameOf.get(r.companyId) ?? null),
      status,
      statusLabel: DEPOSIT_STATUS_LABELS[status],
      ...(status === 'review' && r.reviewReason
        ? { reviewReason: DEPOSIT_REVIEW_REASONS[r.reviewReason as DepositReviewReason] }
        : {}),
      candidates: (r.candidates ?? []).map((id) => ({ companyId: id, companyName: nameOf.get(id) ?? '' })),
      applications,
      ...(status === 'applied' && r.rung ? { rule: DEPOSIT_RULE_LABELS[r.rung as DepositRule] } : {}),
      ...(status === 'ignored' && r.dismissReason && r.dismissedAt
        ? { dismissReason: r.dismissReason, dismissedAt: r.dismissedAt.toISOString() }
        : {}),
      created: r.createdAt.toISOString(),
    };
  });
}

/** How many of the review queue's deposits (or of those set aside) one answer shows; its total counts all. */
const REVIEW_QUEUE_SHOWN = 500;

/**
 * The review queue: deposits no company or several matched, the oldest REVIEW_QUEUE_SHOWN, and how
 * many wait; or the deposits staff set aside, the newest first.
 */
export function reviewQueue(
  db: Db,
  status: 'review' | 'ignored' = 'review',
): Promise<{ rows: DepositDbRow[]; total: number }> {
  const page = { page: 1, size: REVIEW_QUEUE_SHOWN };
  const where = eq(deposits.status, status);
  return status === 'review'
    ? pageOfTable(db, deposits, where, page, asc(deposits.createdAt), asc(deposits.id))
    : pageOfTable(db, deposits, where, page, desc(deposits.dismissedAt), desc(deposits.id));
}

/** A deposit by id, locked for the caller's transaction. */
export async function lockDeposit(tx: Tx, id: number): Promise<DepositDbRow | undefined> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  return row;
}

/** A company able to receive a deposit: exists and has not withdrawn. */
export const companyName = (db: Db | Tx, id: number): Promise<string | undefined> => activeCompanyName(db, id);

/**
 * Sets a locked deposit of the queue aside (status 'ignored', with staff's reason and the time), or,
 * given null, puts one set aside back in the queue (status 'review', reason and time cleared). The
 * depositor name is not taught: a name set aside once is still a name a customer may later pay under.
 */
export async function setDepositAside(
  tx: Tx,
  id: number,
  aside: { reason: string; at: Date } | null,
): Promise<DepositDbRow> {
  const [row] = await tx
    .update(deposits)
    .set({ status: aside ? 'ignored' : 'review', dismissReason: aside?.reason ?? null, dismissedAt: aside?.at ?? null })
    .where(eq(deposits.id, id))
    .returning();
  return row!;
}

/** Teaches the matching a depositor name of a company (staff assigned a queued deposit to it). */
export async function teachName(tx: Tx, companyId: number, name: string, memberId: number): Promise<void> {
  if (!name.trim()) return;
  await tx.insert(depositorNames).values({ companyId, name, createdBy: memberId }).onConflictDoNothing();
}
