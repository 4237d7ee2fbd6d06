/**
 * Statements as people read them (docs/requirements.md#credit-summary-and-statements): the buyer's
 * list, the back office's list and preview, the PDF's input, the re-send, and the receivables aging
 * report with its CSV.
 */
import { and, asc, eq, gt, gte, isNull, lte, or, type SQL } from 'drizzle-orm';
import {
  AGING_BUCKETS,
  CREDIT_STATUS_LABELS,
  MSG_CREDIT,
  NOTIFY_LIMIT,
  NOTIFY_TEMPLATES,
  STATEMENT_RESEND_MINUTES,
  STATEMENT_STATUS_LABELS,
  receivableLabel,
  type CreditStatus,
  type ReceivableKind,
  type ReceivableVia,
  type ReceivablesAgingRow,
  type StatementRow,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { companyById, companyNameById } from '../members/repository.js';
import { AppError, badRequest, notFound } from '../../shared/http.js';
import { toCsv } from '../../shared/csv.js';
import { seoulDay } from '@partsmall/contract';
import { buyerParty, supplierParty } from '../paperwork/index.js';
import type { CreditStatementPdfInput } from '../documents/index.js';
import { draftStatement, toStatementLines } from './close.js';
import { statementFromMonth, unclosedMonthsBefore } from './closed-months.js';
import { noticeReach } from '../notify/index.js';
import { notifyStatement, statementNotice } from './notices.js';
import { accountsByCompanyName, creditPositions, statementRowsWhere } from './repository.js';
import { agingOf, nextMonth, positionExposure, statementName, statementStatusOf } from './rules.js';
import { receivablesLedger, statementLines, statements } from './schema.js';
import { toStatementRow } from './views.js';

const pageOf = (page: number, size: number) => ({ offset: (page - 1) * size, limit: size });

/** The company's statements whose month overlaps the period, newest first. */
export async function buyerStatements(
  db: Db,
  companyId: number,
  q: { startDate?: string | undefined; endDate?: string | undefined; page: number; size: number },
  now: Date = new Date(),
): Promise<{ results: StatementRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(statements.companyId, companyId)];
  if (q.startDate) conditions.push(gte(statements.month, q.startDate.slice(0, 7)));
  if (q.endDate) conditions.push(lte(statements.month, q.endDate.slice(0, 7)));
  const { rows, total } = await statementRowsWhere(db, and(...conditions), pageOf(q.page, q.size));
  const today = seoulDay(now);
  return { results: rows.map((r) => toStatementRow(r, today)), total };
}

export async function adminStatements(
  db: Db,
  q: { month?: string | undefined; companyId?: number | undefined; page: number; size: number },
  now: Date = new Date(),
) {
  const where = and(
    q.month ? eq(statements.month, q.month) : undefined,
    q.companyId ? eq(statements.companyId, q.companyId) : undefined,
  );
  const { rows, total } = await statementRowsWhere(db, where, pageOf(q.page, q.size));
  const today = seoulDay(now);
  return { results: rows.map((r) => toStatementRow(r, today)), total };
}

/** One statement as its reader may see it: own company, or staff any (another company's: 404). */
export async function statementFor(db: Db, seq: number, companyId: number | null, now: Date = new Date()) {
  const { rows } = await statementRowsWhere(
    db,
    and(eq(statements.id, seq), companyId !== null ? eq(statements.companyId, companyId) : undefined),
    { offset: 0, limit: 1 },
  );
  if (!rows[0]) throw notFound(MSG_CREDIT.statementNotFound);
  return { row: toStatementRow(rows[0], seoulDay(now)), db: rows[0].s };
}

/**
 * What the close would make for a company's month now (nothing written). The months before it no
 * close took are made first by the close (docs/requirements.md#monthly-close): the lines up to the
 * month's start are theirs, and the last one's closing (the statement before them plus those lines)
 * opens this month's, so the preview shows the figures the close will write. A month two or more
 * ahead of the running one, or closed already (or passed by a later month's statement), is refused:
 * the close would write nothing.
 */
export async function previewStatement(db: Db, companyId: number, month: string, now: Date = new Date()) {
  const companyName = await companyNameById(db, companyId);
  if (companyName === undefined) throw notFound(MSG_CREDIT.companyNotFound);
  // Up to the next month (after an early close of the running one in demo mode, its lines go there);
  // a month further ahead has nothing to show, and its catch-up would list every month between.
  if (month > nextMonth(seoulDay(now).slice(0, 7))) throw badRequest(MSG_CREDIT.previewAhead, 'month');
  if (await statementFromMonth(db, companyId, month)) throw badRequest(MSG_CREDIT.previewClosed, 'month');
  const monthStart = new Date(`${month}-01T00:00:00+09:00`);
  const cutoff = new Date(Math.min(now.getTime(), Date.parse(`${nextMonth(month)}-01T00:00:00+09:00`)));
  const catchUpMonths = await unclosedMonthsBefore(db, companyId, month);
  const earlier = catchUpMonths.length
    ? await draftStatement(
        db,
        companyId,
        catchUpMonths.at(-1)!,
        new Date(Math.min(now.getTime(), monthStart.getTime())),
      )
    : null;
  const draft = await draftStatement(
    db,
    companyId,
    month,
    cutoff,
    earlier
      ? { afterCatchUp: { opening: earlier.figures.closing, billed: new Set(earlier.lines.map((l) => l.id)) } }
      : {},
  );
  if (!draft) throw notFound(MSG_CREDIT.noAccount);
  // Nothing of it is paid yet: the status the closed statement would have today, by the same rule.
  const status = statementStatusOf(
    { amountDue: draft.figures.amountDue, paid: 0, dueDate: draft.dueDate },
    seoulDay(now),
  );
  return {
    month,
    companyId,
    companyName,
    ...draft.figures,
    paid: 0,
    unpaid: Math.max(0, draft.figures.amountDue),
    dueDate: draft.dueDate,
    status,
    statusLabel: STATEMENT_STATUS_LABELS[status],
    termLabel: draft.termLabel,
    lines: toStatementLines(draft.lines),
    catchUpMonths,
    makesStatement: draft.makesStatement,
  };
}

/** The PDF's input of a statement. */
export async function statementPdfInput(
  db: Db,
  seq: number,
  companyId: number | null,
): Promise<CreditStatementPdfInput> {
  const { row } = await statementFor(db, seq, companyId);
  const company = await companyById(db, row.companyId);
  // Each line with its ledger row's `via`: a payment is named as the ledger and the preview name it.
  const lines = await db
    .select({
      lineDate: statementLines.lineDate,
      kind: statementLines.kind,
      via: receivablesLedger.via,
      orderId: statementLines.orderId,
      description: statementLines.description,
      amount: statementLines.amount,
    })
    .from(statementLines)
    .innerJoin(receivablesLedger, eq(receivablesLedger.id, statementLines.ledgerId))
    .where(eq(statementLines.statementId, seq))
    .orderBy(asc(statementLines.lineDate), asc(statementLines.id));
  return {
    supplier: await supplierParty(db),
    buyer: buyerParty(company!),
    title: statementName(row.month),
    month: row.month,
    opening: row.opening,
    charges: row.charges,
    credits: row.credits,
    payments: row.payments,
    adjustments: row.adjustments,
    closing: row.closing,
    amountDue: row.amountDue,
    paid: row.paid,
    refunded: row.refunded,
    dueDate: row.dueDate,
    termLabel: row.termLabel,
    statusLabel: row.statusLabel,
    virtualAccount: row.virtualAccount,
    lines: lines.map((l) => ({
      date: l.lineDate,
      kindLabel: receivableLabel(l.kind as ReceivableKind, l.via as ReceivableVia | null),
      orderSeq: l.orderId,
      description: l.description,
      amount: l.amount,
    })),
    // Issued at its close: a download later prints the same date (docs/requirements.md#monthly-close).
    issuedAt: new Date(row.closedAt),
  };
}

/**
 * Sends the statement's 알림톡 again (docs/requirements.md#monthly-close): 'sent', or 'recent' when a
 * re-send in the last STATEMENT_RESEND_MINUTES sent it already. A statement with nothing left to pay
 * is refused (409): the 알림톡 asks the buyer to pay, and the close does not send it for such a one.
 * The send is claimed by one conditional update of `resent_at` in the transaction that writes its
 * job, so two presses at once (staff and admin, a double click) send one: the job key alone, the
 * moment asked, made each press a job of its own. A re-send that would reach nobody (the main
 * account's phone or '알림 설정' leave the notice out: 409) or only phones that had their day of bills
 * (NOTIFY_LIMIT.billsPerPhonePerDay: 429) is refused in the same transaction, so nothing is claimed
 * nor written and staff read that it did not go; before, it answered that it was sent while its job
 * sent nothing.
 */
export async function resendStatement(db: Db, seq: number, now: Date = new Date()): Promise<'sent' | 'recent'> {
  const { db: found } = await statementFor(db, seq, null);
  const since = new Date(now.getTime() - STATEMENT_RESEND_MINUTES * 60_000);
  return db.transaction(async (tx) => {
    const [s] = await tx
      .update(statements)
      .set({ resentAt: now })
      .where(
        and(
          eq(statements.id, found.id),
          gt(statements.amountDue, statements.paid),
          or(isNull(statements.resentAt), lte(statements.resentAt, since)),
        ),
      )
      .returning();
    if (!s) {
      // Nothing left to pay (or paid by a deposit that committed in between), or re-sent a moment ago.
      const [current] = await tx
        .select({ amountDue: statements.amountDue, paid: statements.paid })
        .from(statements)
        .where(eq(statements.id, found.id));
      if (current!.amountDue <= current!.paid) throw new AppError(409, MSG_CREDIT.resendPaid, 409, 'seq');
      return 'recent';
    }
    const { event } = statementNotice(s, 'issued');
    const reach = await noticeReach(tx, s.companyId, event, now);
    if (reach.recipients === 0)
      throw new AppError(409, MSG_CREDIT.resendNoRecipient(NOTIFY_TEMPLATES[event].label), 409, 'seq');
    if (reach.withRoom === 0)
      throw new AppError(429, MSG_CREDIT.resendDayFull(NOTIFY_LIMIT.billsPerPhonePerDay), 429, 'seq');
    await notifyStatement(tx, s, 'issued', `statement:${s.id}:resend:${now.getTime()}`);
    return 'sent';
  });
}

/** The receivables aging of every company with credit, and the totals. */
export async function receivablesAging(db: Db, now: Date = new Date()) {
  const today = seoulDay(now);
  const accounts = await accountsByCompanyName(db);
  // Every company's position in one statement, not one round trip per company.
  const positions = await creditPositions(
    db,
    accounts.map(({ a }) => a.companyId),
  );
  const rows: ReceivablesAgingRow[] = [];
  for (const { a, name } of accounts) {
    const position = positions.get(a.companyId)!;
    const { unpaid, unbilled } = position;
    const items = unpaid.map((s) => ({ unpaid: s.amountDue - s.paid, dueDate: s.dueDate }));
    const aging = agingOf(items, Math.max(0, unbilled.shipped), today);
    const status = a.status as CreditStatus;
    rows.push({
      companyId: a.companyId,
      companyName: name,
      status,
      statusLabel: CREDIT_STATUS_LABELS[status],
      limit: a.creditLimit,
      used: positionExposure(position),
      ...aging,
      total: AGING_BUCKETS.reduce((s, b) => s + aging[b], 0),
      oldestDue: unpaid[0]?.dueDate ?? null,
    });
  }
  const sum = (k: keyof ReceivablesAgingRow) => rows.reduce((s, r) => s + (r[k] as number), 0);
  return {
    rows,
    totals: {
      current: sum('current'),
      d1_30: sum('d1_30'),
      d31_60: sum('d31_60'),
      d61_90: sum('d61_90'),
      d90plus: sum('d90plus'),
      used: sum('used'),
      total: sum('total'),
    },
    asOf: today,
  };
}

export async function receivablesAgingCsv(db: Db, now: Date = new Date()) {
  const report = await receivablesAging(db, now);
  const header = [
    '업체번호',
    '업체',
    '상태',
    '한도',
    '사용액',
    '기한 전',
    '1~30일',
    '31~60일',
    '61~90일',
    '90일 초과',
    '미수 합계',
    '가장 오래된 결제기한',
  ];
  const body = report.rows.map((r) => [
    r.companyId,
    r.companyName,
    r.statusLabel,
    r.limit,
    r.used,
    r.current,
    r.d1_30,
    r.d31_60,
    r.d61_90,
    r.d90plus,
    r.total,
    r.oldestDue ?? '',
  ]);
  const t = report.totals;
  body.push(['', '합계', '', '', t.used, t.current, t.d1_30, t.d31_60, t.d61_90, t.d90plus, t.total, '']);
  return { filename: `receivables-aging-${report.asOf}.csv`, csv: toCsv([header, ...body]), rows: report.rows.length };
}
