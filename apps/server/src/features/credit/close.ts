/**
 * The monthly close (docs/requirements.md#monthly-close): one statement per company with credit and
 * month, its lines (each ledger row on one statement at most), its 월합계 invoice row and issuing job,
 * in one transaction per company. Re-run after a crash or twice, it finds what exists and makes the
 * rest: each statement and each invoice exactly once.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  MSG_CREDIT,
  ORDER_STATUS,
  statementInvoice,
  receivableLabel,
  type ReceivableKind,
  type ReceivableVia,
  type StatementLine,
  type TermRule,
} from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import type { CompanyRecord } from '../members/repository.js';
import { badRequest } from '../../shared/http.js';
import { seoulDay } from '@partsmall/contract';
import { enqueue } from '../../shared/job-queue.js';
import { missingInvoiceFields, writeCreditNoteCorrection, writeInvoice } from '../tax-invoices/index.js';
import { reversalKey } from './checkout.js';
import { accountCompanies, findCreditAccount, findPaymentTerm, listPaymentTerms } from './repository.js';
import { statementFromMonth, unclosedMonthsBefore } from './closed-months.js';
import { dueDateOf, monthEnd, nextMonth } from './rules.js';
import { notifyStatement } from './notices.js';
import { settleStatementCredits } from './payments.js';
import { refundStatementCredits } from './refunds.js';
import { reevaluateHold } from './overdue.js';
import { paymentTerms, statementLines, statements, type CreditAccountRow, type StatementDbRow } from './schema.js';

type PaymentTermRow = typeof paymentTerms.$inferSelect;
import { invoiceIdByMgtKey } from '../tax-invoices/repository.js';

/** Companies closed at once: each holds one connection for its transaction. */
const CLOSE_CONCURRENCY = 6;

export interface CloseOptions {
  month: string;
  companyId?: number | undefined;
  now?: Date;
  /** Demo mode: the running month may be closed (its statement takes the lines made until now). */
  allowOpenMonth?: boolean;
}

export interface CloseResult {
  month: string;
  closed: number;
  already: number;
  parked: number;
  /** Statements of earlier months no close had taken, made first (docs/requirements.md#monthly-close). */
  caughtUp: number;
  statements: { seq: number; companyId: number; companyName: string; closing: number }[];
}

/** A ledger row a statement would bill, with what its line says. */
interface LineSource {
  id: number;
  kind: ReceivableKind;
  /** How a payment's money came (null for the other kinds): its line is named as the ledger names it. */
  via: ReceivableVia | null;
  amount: number;
  orderId: number | null;
  lineDate: string;
  orderName: string | null;
  note: string;
  /** A reversal or credit note of an approved return (not a cancel). */
  returned: boolean;
}

/** The instant the month's statement stops taking lines: the start of the next month in Seoul, or now. */
function cutoffOf(month: string, now: Date, open: boolean): Date {
  const end = new Date(`${nextMonth(month)}-01T00:00:00+09:00`);
  return open && now < end ? now : end;
}

/** Refuses a month not yet ended (except in demo mode, the running month) and any month ahead. */
export function checkClosable(month: string, now: Date, allowOpenMonth: boolean): void {
  const today = seoulDay(now);
  const ended = monthEnd(month) < today;
  const running = month === today.slice(0, 7);
  if (!ended && !(allowOpenMonth && running)) throw badRequest(MSG_CREDIT.monthNotEnded, 'month');
}

/**
 * The rows a statement of the company would bill now: not on a statement, before the cutoff, not of an
 * unshipped order. An order is named after its first line and how many more, as its 알림톡 names it.
 */
async function unbilledLines(db: Db | Tx, companyId: number, cutoff: Date): Promise<LineSource[]> {
  const rows = await queryRows<{
    id: number;
    kind: ReceivableKind;
    via: ReceivableVia | null;
    amount: string;
    order_id: number | null;
    line_date: string;
    order_name: string | null;
    note: string;
    idem_key: string;
  }>(
    db,
    sql`select l.id, l.kind, l.via, l.amount, l.order_id, l.note, l.idem_key,
        to_char(coalesce(case when l.kind = 'charge' then o.shipped_at end, l.created_at) at time zone 'Asia/Seoul', 'YYYY-MM-DD') as line_date,
        (select (array_agg(ol.name order by ol.id))[1] || case when count(*) > 1 then ' 외 ' || (count(*) - 1) || '건' else '' end
           from order_lines ol where ol.order_id = l.order_id) as order_name
      from receivables_ledger l
      left join orders o on o.id = l.order_id
      where l.company_id = ${companyId}
        and l.created_at < ${cutoff.toISOString()}::timestamptz
        and (l.order_id is null or (o.shipped_at is not null and o.shipped_at < ${cutoff.toISOString()}::timestamptz))
        and not exists (select 1 from statement_lines sl where sl.ledger_id = l.id)
      order by l.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    via: r.via,
    amount: Number(r.amount),
    orderId: r.order_id,
    lineDate: r.line_date,
    orderName: r.order_name,
    note: r.note,
    returned: r.order_id !== null && r.idem_key === reversalKey(r.order_id, ORDER_STATUS.returnApproved),
  }));
}

/**
 * The 월합계 each credit note corrects, by the note's ledger id: the invoice of the statement that
 * billed its order's charge (notes whose statement has no invoice are left out).
 */
async function creditNoteOriginals(tx: Tx, noteIds: readonly number[]): Promise<Map<number, number>> {
  if (noteIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; tax_invoice_id: number }>(
    tx,
    sql`select n.id, s.tax_invoice_id
      from receivables_ledger n
      join receivables_ledger c on c.order_id = n.order_id and c.kind = 'charge'
      join statement_lines sl on sl.ledger_id = c.id
      join statements s on s.id = sl.statement_id
      where n.id in (${sql.join(
        noteIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and s.tax_invoice_id is not null`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.tax_invoice_id)]));
}

function describe(l: LineSource): string {
  if (l.kind === 'charge') return `주문 #${l.orderId} 출고${l.orderName ? ` · ${l.orderName}` : ''}`;
  return l.note || receivableLabel(l.kind, l.via);
}

/** A preview's months the close makes first: their closing opens the month's, their lines are theirs. */
type CatchUp = { opening: number; billed: ReadonlySet<number> };

/** What a statement of the month would say for a company now: its totals, lines and due date. */
export async function draftStatement(
  db: Db | Tx,
  companyId: number,
  month: string,
  cutoff: Date,
  known: { account?: CreditAccountRow; term?: PaymentTermRow | null; afterCatchUp?: CatchUp } = {},
) {
  const account = known.account ?? (await findCreditAccount(db, companyId));
  if (!account) return null;
  const term = known.term !== undefined ? known.term : await findPaymentTerm(db, account.termCode);
  const [previous] = await db
    .select({ closing: statements.closing })
    .from(statements)
    .where(and(eq(statements.companyId, companyId), lt(statements.month, month)))
    .orderBy(desc(statements.month))
    .limit(1);
  const after = known.afterCatchUp;
  const unbilled = await unbilledLines(db, companyId, cutoff);
  const lines = after ? unbilled.filter((l) => !after.billed.has(l.id)) : unbilled;
  const sum = (kinds: ReceivableKind[]) =>
    lines.filter((l) => kinds.includes(l.kind)).reduce((s, l) => s + l.amount, 0);
  const opening = after?.opening ?? previous?.closing ?? 0;
  const charges = sum(['charge']);
  const credits = sum(['reversal', 'credit_note']);
  const payments = sum(['payment', 'payment_reversal']);
  const adjustments = sum(['adjustment']);
  const rule = (term?.rule ?? 'next_month_day') as TermRule;
  return {
    account,
    lines,
    /** Whether the close writes a statement: not for a month with no line and nothing carried in. */
    makesStatement: lines.length > 0 || opening !== 0,
    /** What the statement says, as the close writes it and the preview shows it. */
    figures: {
      opening,
      charges,
      credits,
      payments,
      adjustments,
      closing: opening + charges + credits + payments + adjustments,
      amountDue: charges + credits + adjustments,
    },
    termCode: account.termCode,
    termLabel: term?.label ?? account.termCode,
    dueDate: dueDateOf(month, { rule, value: term?.value ?? 31 }),
  };
}

export function toStatementLines(lines: readonly LineSource[]): StatementLine[] {
  return lines.map((l) => ({
    receivableSeq: l.id,
    kind: l.kind,
    kindLabel: receivableLabel(l.kind, l.via),
    orderSeq: l.orderId,
    date: l.lineDate,
    description: describe(l),
    amount: l.amount,
  }));
}

/** What a run of the close reads once and each company's close shares: the payment terms by code, its clock. */
interface CloseRun {
  db: Db;
  terms: ReadonlyMap<string, PaymentTermRow>;
  now: Date;
}

/**
 * Closes one company's month, after the earlier months no close took (each its own transaction):
 * answers the month's statement (made or already there) and how many earlier statements were made.
 */
async function closeCompany(run: CloseRun, company: CompanyRecord, month: string, cutoff: Date) {
  let caughtUp = 0;
  for (const earlier of await unclosedMonthsBefore(run.db, company.id, month)) {
    const made = await closeCompanyMonth(run, company, earlier, cutoffOf(earlier, cutoff, false));
    if (made?.made) caughtUp++;
  }
  return { closed: await closeCompanyMonth(run, company, month, cutoff), caughtUp };
}

/**
 * Closes one company's month in one transaction: answers the statement made, the one that already
 * existed (or the later one that passed the month), or null when there was nothing to bill and
 * nothing owed.
 */
async function closeCompanyMonth(
  { db, terms, now }: CloseRun,
  company: CompanyRecord,
  month: string,
  cutoff: Date,
): Promise<{ statement: StatementDbRow; made: boolean; parked: boolean; passed?: boolean } | null> {
  const companyId = company.id;
  return db.transaction(async (tx) => {
    // The account's lock: one close of a company at a time (a second waits, then finds the statement).
    const account = await findCreditAccount(tx, companyId, true);
    if (!account) return null;
    const existing = await statementFromMonth(tx, companyId, month);
    // Closed already; or passed by a later month's statement, which took its lines: closed as well.
    if (existing) return { statement: existing, made: false, parked: false, passed: existing.month !== month };
    const draft = await draftStatement(tx, companyId, month, cutoff, {
      account,
      term: terms.get(account.termCode) ?? null,
    });
    if (!draft?.makesStatement) return null;
    const paid = draft.figures.amountDue <= 0;
    const [statement] = await tx
      .insert(statements)
      .values({
        companyId,
        month,
        ...draft.figures,
        status: paid ? 'paid' : 'unpaid',
        termCode: draft.termCode,
        termLabel: draft.termLabel,
        dueDate: draft.dueDate,
      })
      .returning();
    const s = statement!;
    for (let i = 0; i < draft.lines.length; i += 1000)
      await tx.insert(statementLines).values(
        toStatementLines(draft.lines.slice(i, i + 1000)).map((l) => ({
          statementId: s.id,
          ledgerId: l.receivableSeq,
          kind: l.kind,
          orderId: l.orderSeq,
          lineDate: l.date,
          description: l.description,
          amount: l.amount,
        })),
      );
    // The 월합계: each order this statement bills, at its net on it (a credit note of an earlier month is not on it).
    const net = new Map<number, number>();
    const charged = new Set(draft.lines.filter((l) => l.kind === 'charge').map((l) => l.orderId!));
    for (const l of draft.lines)
      if (l.orderId !== null && charged.has(l.orderId) && (l.kind === 'charge' || l.kind === 'reversal'))
        net.set(l.orderId, (net.get(l.orderId) ?? 0) + l.amount);
    const invoice = statementInvoice(
      s.id,
      month,
      [...net].map(([orderSeq, amount]) => ({ orderSeq, net: amount })),
    );
    let parked = false;
    if (invoice) {
      await writeInvoice(tx, { companyId, kind: 'monthly', month, statementId: s.id, draft: invoice });
      const invoiceId = (await invoiceIdByMgtKey(tx, invoice.mgtKey))!;
      await tx.update(statements).set({ taxInvoiceId: invoiceId }).where(eq(statements.id, s.id));
      s.taxInvoiceId = invoiceId;
      parked = Boolean(missingInvoiceFields(company));
    }
    // A credit note (a return after an earlier close) corrects that month's 월합계: a 수정세금계산서,
    // made with the statement that bills the note, so once. So does a reversal of an order this
    // statement does not charge: a return approved after the charge's month ended but before its close
    // ran (00:05 on the 1st, or later if it failed) is posted as a reversal, and that month's 월합계
    // billed the whole order.
    const notes = draft.lines.filter(
      (l) => l.orderId !== null && (l.kind === 'credit_note' || (l.kind === 'reversal' && !charged.has(l.orderId))),
    );
    const originals = await creditNoteOriginals(
      tx,
      notes.map((l) => l.id),
    );
    for (const l of notes) {
      const originalId = originals.get(l.id);
      if (originalId === undefined) continue;
      const written = await writeCreditNoteCorrection(tx, {
        companyId,
        originalId,
        noteSeq: l.id,
        orderSeq: l.orderId!,
        amount: -l.amount,
        day: l.lineDate,
        returned: l.returned,
      });
      if (written) parked ||= Boolean(missingInvoiceFields(company));
    }
    // Credit on a statement (this one crediting more than it bills, or an earlier one's left over)
    // pays the company's unpaid statements, before the buyer is told and the account is issued.
    await settleStatementCredits(tx, companyId);
    // What credit is left of returns the company had paid for goes back to its cash, as a cash order's return does.
    await refundStatementCredits(tx, companyId);
    // What the credit left to pay: a statement it paid whole asks the buyer for nothing.
    const [settled] = await tx
      .select({ paid: statements.paid, status: statements.status })
      .from(statements)
      .where(eq(statements.id, s.id));
    Object.assign(s, settled);
    const unpaid = s.amountDue - s.paid;
    // The buyer is told the statement (알림톡), once: a job of this transaction keyed by the statement.
    if (unpaid > 0) await notifyStatement(tx, s, 'issued');
    // Its own virtual account, issued by the deposits feature's job (docs/requirements.md#credit-deposits).
    if (unpaid > 0) await enqueue(tx, 'statement.account', { statementId: s.id }, { key: `statement:${s.id}` });
    // A late close can make a statement overdue already: the account is held now, not at 09:00
    // (docs/requirements.md#overdue); credit the close applied may lift a hold as a payment does.
    await reevaluateHold(tx, companyId, now);
    return { statement: s, made: true, parked };
  });
}

/** Closes a month for every company with a credit account (or the one named). Idempotent. */
export async function closeMonth(db: Db, o: CloseOptions): Promise<CloseResult> {
  const now = o.now ?? new Date();
  checkClosable(o.month, now, o.allowOpenMonth ?? false);
  const cutoff = cutoffOf(o.month, now, o.allowOpenMonth ?? false);
  const accounts = await accountCompanies(db, o.companyId);
  const run: CloseRun = { db, terms: new Map((await listPaymentTerms(db)).map((t) => [t.code, t])), now };
  if (o.companyId !== undefined && accounts.length === 0) throw badRequest(MSG_CREDIT.noAccount, 'companyId');
  const result: CloseResult = { month: o.month, closed: 0, already: 0, parked: 0, caughtUp: 0, statements: [] };
  // A few companies at a time, each its own transaction under its own account lock (the pool has room).
  const done: (Awaited<ReturnType<typeof closeCompany>> | undefined)[] = new Array(accounts.length);
  let next = 0;
  const worker = async () => {
    while (next < accounts.length) {
      const i = next++;
      done[i] = await closeCompany(run, accounts[i]!.company, o.month, cutoff);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CLOSE_CONCURRENCY, accounts.length) }, worker));
  accounts.forEach((a, i) => {
    result.caughtUp += done[i]?.caughtUp ?? 0;
    const d = done[i]?.closed;
    if (!d) return;
    if (d.made) result.closed++;
    else result.already++;
    if (d.parked) result.parked++;
    if (d.passed) return;
    result.statements.push({
      seq: d.statement.id,
      companyId: a.companyId,
      companyName: a.name,
      closing: d.statement.closing,
    });
  });
  return result;
}
