import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  MSG_PAPERWORK,
  cutText,
  monthlyInvoice,
  orderInvoice,
  seoulMonth,
  type InvoiceDraft,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import {
  monthlyInvoiceCompanies,
  orderIdIs,
  paidInCash,
  shippedAroundMonth,
  shippedInMonth,
} from '../orders/repository.js';
import { companyById, type CompanyRecord } from '../members/repository.js';
import { ledgerTypeOf } from '../wallet/repository.js';
import { taxInvoices } from './schema.js';
import type { JobHandler } from '../../shared/job-types.js';
import { settleParkedJobs } from '../../shared/job-queue.js';
import { TaxInvoiceRefused, type TaxInvoiceProvider } from './types.js';
import { supplierParty } from '../paperwork/index.js';
import { hasNoOrderInvoice, invoiceOrders, issuedColumns, writeCorrections, writeInvoice } from './orders.js';
import type { TaxInvoiceDocument } from './provider.js';

/**
 * The jobs of 전자세금계산서 (docs/requirements.md#tax-invoices). Issuing re-reads the invoice, the
 * company and the orders when it runs: a refund made before issuance lowers the amount or removes
 * the invoice; a company without 업태, 종목, e-mail or 사업자번호 fails with a message for staff and
 * nothing is sent to the provider. The provider call is the one effect, keyed by the mgtKey. A try
 * claims the invoice before it calls the provider (`claimForIssue`), and staff's cancel is refused
 * while it is claimed (`beingIssued`): the two never both go ahead.
 */

type Row = typeof taxInvoices.$inferSelect;
type Company = CompanyRecord;

/** What the company lacks for an invoice, as staff read it ('' when nothing). */
export function missingInvoiceFields(c: Company): string {
  const missing: string[] = [];
  if (!c.license) missing.push('사업자등록번호');
  if (!c.bizType.trim()) missing.push('업태');
  if (!c.bizItem.trim()) missing.push('종목');
  if (!c.invoiceMail.trim()) missing.push('세금계산서 이메일');
  return missing.join(', ');
}

/**
 * 수정사유 of a correction (docs/requirements.md#tax-invoices), from the refund it is for: goods sent
 * back (반품) are 환입 (3); a cancelled sale is 계약의 해제 (4) when it undoes the whole invoice, and
 * 공급가액 변동 (2) when it lowers part of it (one order of a 월합계).
 */
export function modifyCodeOf(
  refundType: string | undefined,
  correctionTotal: number,
  originalTotal: number,
): 2 | 3 | 4 {
  if (refundType === 'return') return 3;
  return -correctionTotal === originalTotal ? 4 : 2;
}

/**
 * What a correction's refund was ('return', 'cancel' or the cash ledger's type): a credit note's
 * correction names it in its key (orders.ts creditRefundKey), a cash refund's names its ledger row.
 */
async function refundTypeOf(db: Db, refundKey: string | null): Promise<string | undefined> {
  const credit = /^credit:\d+:(return|cancel)$/.exec(refundKey ?? '')?.[1];
  if (credit) return credit;
  const ledgerId = /^ledger:(\d+)$/.exec(refundKey ?? '')?.[1];
  if (!ledgerId) return undefined;
  return ledgerTypeOf(db, Number(ledgerId));
}

async function setRow(db: Db, id: number, set: Partial<typeof taxInvoices.$inferInsert>) {
  await db
    .update(taxInvoices)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(taxInvoices.id, id));
}

/** What an invoice may be while a try may still issue it: 발행 대기 or 실패. */
const WAITING = ['pending', 'failed'] as const;

/**
 * Writes what a try found (a failure, nothing left to invoice) only while the invoice still waits: a
 * staff cancel, or an issue another try recorded, made meanwhile stands. Answers whether it wrote.
 */
async function setWaitingRow(db: Db, id: number, set: Partial<typeof taxInvoices.$inferInsert>): Promise<boolean> {
  const written = await db
    .update(taxInvoices)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(taxInvoices.id, id), inArray(taxInvoices.status, WAITING)))
    .returning({ id: taxInvoices.id });
  return written.length > 0;
}

/**
 * Claims the invoice for this try, before anything goes to the provider: one conditional update
 * (the row's lock, so it waits for a staff cancel in progress and then sees it) that finds it still
 * waiting, marks it 발행 대기 and sets `drafted_at` and `updated_at` to the same instant, with the
 * amounts this try sends when it worked them out again. False when staff cancelled it (or another try
 * issued it) since it was read: nothing is issued. While the claim is the row's last write, a cancel
 * is refused (`beingIssued`).
 */
async function claimForIssue(
  db: Db,
  id: number,
  now: Date,
  amounts: Partial<Pick<typeof taxInvoices.$inferInsert, 'writeDate' | 'supply' | 'tax' | 'total' | 'items'>> = {},
): Promise<boolean> {
  const claimed = await db
    .update(taxInvoices)
    .set({ ...amounts, status: 'pending', error: '', draftedAt: now, updatedAt: now })
    .where(and(eq(taxInvoices.id, id), inArray(taxInvoices.status, WAITING)))
    .returning({ id: taxInvoices.id });
  return claimed.length > 0;
}

/**
 * Whether a try of the issuing job may be sending the invoice now: it is 발행 대기 and its last write
 * was a try's claim (`drafted_at` equals `updated_at`: whatever a try learns afterwards, and every
 * staff move, writes `updated_at` again), made less than `trySeconds` ago (the longest a try may be
 * sending, routes.ts: past that it died, and the provider is asked instead).
 */
export function beingIssued(
  row: Pick<Row, 'status' | 'draftedAt' | 'updatedAt'>,
  trySeconds: number,
  now: Date = new Date(),
): boolean {
  if (row.status !== 'pending' || row.draftedAt === null) return false;
  const claimedAt = row.draftedAt.getTime();
  return claimedAt === row.updatedAt.getTime() && now.getTime() - claimedAt < trySeconds * 1000;
}

/** The invoice as it stands now: the order's or the month's orders less what was refunded so far. */
async function currentDraft(db: Db, row: Row, now: Date): Promise<InvoiceDraft | null> {
  if (row.kind === 'order') {
    if (row.orderId === null) return null;
    const [o] = await invoiceOrders(db, row.companyId, orderIdIs(row.orderId));
    return o ? orderInvoice(o, now) : null;
  }
  const month = row.month!;
  // Orders shipped in that Seoul month (a day's margin each side; monthlyInvoice keeps the month's own).
  const shipped = await invoiceOrders(db, row.companyId, and(paidInCash, shippedAroundMonth(month), hasNoOrderInvoice));
  return monthlyInvoice(row.companyId, month, shipped, now);
}

/** The providers the invoice jobs need: 전자세금계산서 (absent: not issued) and the shop's own 업태/종목. */
export interface TaxInvoiceJobDeps {
  taxInvoices?: TaxInvoiceProvider;
  taxInvoiceSupplier?: { bizType: string; bizClass: string };
}

export const issueTaxInvoice: JobHandler<'taxInvoice.issue', TaxInvoiceJobDeps> = async (job, deps) => {
  const { db } = deps;
  const provider = deps.taxInvoices;
  if (!provider) throw new Error('세금계산서 발행 서비스가 설정되지 않았습니다 (TAXINVOICE_PROVIDER).');
  const [row] = await db.select().from(taxInvoices).where(eq(taxInvoices.id, job.data.invoiceId));
  if (!row || row.status === 'issued' || row.status === 'sent' || row.status === 'cancelled') return;
  const company = await companyById(db, row.companyId);
  if (!company) throw new Error(MSG_PAPERWORK.companyNotFound);
  const missing = missingInvoiceFields(company);
  if (missing) {
    const message = MSG_PAPERWORK.invoiceFieldsMissing(missing);
    // Cancelled by staff meanwhile: it stays cancelled, and the job has nothing left to do.
    if (!(await setWaitingRow(db, row.id, { status: 'failed', error: message }))) return;
    throw new Error(message);
  }

  let draft: Pick<InvoiceDraft, 'writeDate' | 'supply' | 'tax' | 'total' | 'items'>;
  let original: Row | undefined;
  let modifyCode: 2 | 3 | 4 | undefined;
  if (row.kind === 'correction') {
    [original] = await db
      .select()
      .from(taxInvoices)
      .where(eq(taxInvoices.id, row.originalId ?? 0));
    if (!original || (original.status !== 'issued' && original.status !== 'sent')) {
      // Staff see it on the list and can retry it once the original is issued (a credit note's original may be parked).
      if (!(await setWaitingRow(db, row.id, { status: 'failed', error: MSG_PAPERWORK.originalNotIssued }))) return;
      throw new Error(MSG_PAPERWORK.originalNotIssued);
    }
    draft = row;
    modifyCode = modifyCodeOf(await refundTypeOf(db, row.refundKey), row.total, original.total);
    if (!(await claimForIssue(db, row.id, new Date()))) return;
  } else if (row.statementId !== null) {
    // A credit statement's 월합계 says what the statement billed; a later return is a credit note.
    draft = row;
    if (!(await claimForIssue(db, row.id, new Date()))) return;
  } else if (await recordHeldAtProvider(db, provider, row)) {
    // A try whose answer was lost issued it: recorded as it was sent; refunds since get corrections below.
    await settleIssued(db, row.id);
    return correctRefundsSinceDraft(db, row);
  } else {
    const now = new Date();
    const fresh = await currentDraft(db, row, now);
    if (!fresh) {
      await setWaitingRow(db, row.id, { status: 'cancelled', error: '환불되어 발행할 금액이 없습니다.' });
      return;
    }
    draft = fresh;
    const { writeDate, supply, tax, total, items } = fresh;
    if (!(await claimForIssue(db, row.id, now, { writeDate, supply, tax, total, items }))) return;
  }

  const supplier = await supplierParty(db);
  const buyer = {
    corpNum: company.license ?? '',
    corpName: company.name,
    ceoName: company.ceo,
    addr: [company.addrMain, company.addrSub].filter(Boolean).join(' '),
    bizType: company.bizType,
    bizClass: company.bizItem,
    email: company.invoiceMail,
  };
  const doc: TaxInvoiceDocument = {
    mgtKey: row.mgtKey,
    // A credit statement's 월합계 bills what is paid by its due date; a correction says what its original said.
    purpose: (original ?? row).statementId !== null ? '청구' : '영수',
    writeDate: draft.writeDate,
    supply: draft.supply,
    tax: draft.tax,
    total: draft.total,
    items: draft.items.map((i) => ({
      name: `주문 #${i.orderSeq} 자동차 부품`,
      supply: i.supply,
      tax: i.tax,
      total: i.total,
      date: draft.writeDate,
    })),
    buyer,
    supplier: {
      corpName: supplier.company,
      ceoName: supplier.representative,
      addr: supplier.address,
      bizType: deps.taxInvoiceSupplier?.bizType ?? '',
      bizClass: deps.taxInvoiceSupplier?.bizClass ?? '',
    },
    ...(original
      ? {
          correctionOf: original.mgtKey,
          originalNtsConfirmNum: original.ntsConfirmNum ?? '',
          originalWriteDate: original.writeDate,
          modifyCode,
        }
      : {}),
  };

  let issuedNow = false;
  const issue = async () => {
    let issued;
    try {
      issued = await provider.issue(doc);
    } catch (err) {
      await setWaitingRow(db, row.id, {
        status: 'failed',
        error: cutText(err instanceof Error ? err.message : String(err), 300),
      });
      throw err;
    }
    // What the provider answered is what stands (a staff cancel was refused while the claim was ours).
    await setRow(db, row.id, {
      // Refused by the 국세청 (Popbill 305): staff see why; nothing reached the NTS.
      status: issued.rejected ? 'failed' : issued.sent ? 'sent' : 'issued',
      error: issued.rejected ?? '',
      ntsConfirmNum: issued.ntsConfirmNum,
      issuedAt: new Date(),
      buyer,
    });
    issuedNow = !issued.rejected;
  };
  // The effect is keyed by the mgtKey, which the provider also keys the document by: when the effect
  // log says it was done but the row was not updated (a crash in between), asking again is safe.
  try {
    if (!(await job.once(`invoice:${row.mgtKey}`, issue))) await issue();
  } catch (err) {
    // The provider refused the document itself (types.ts): another try would send it to the same
    // refusal. The row says 실패 with the reason; staff retry it once the cause is mended.
    if (err instanceof TaxInvoiceRefused) return;
    throw err;
  }
  if (issuedNow) await settleIssued(db, row.id);
  if (row.kind !== 'correction') await correctRefundsSinceDraft(db, row);
};

/** The invoice's parked issuing jobs, once another job issued it: nothing is left for them (docs/operations.md#jobs). */
const settleIssued = (db: Db, invoiceId: number) =>
  settleParkedJobs(db, 'taxInvoice.issue', { invoiceId }, MSG_PAPERWORK.invoiceJobIssued);

/**
 * A refund written while this invoice was being issued (after its amounts were read, before it was
 * recorded issued: its move found nothing issued to correct) gets its correction now.
 */
async function correctRefundsSinceDraft(db: Db, row: Row): Promise<void> {
  await db.transaction(async (tx) => {
    const [fresh] = await tx
      .select(issuedColumns)
      .from(taxInvoices)
      .where(and(eq(taxInvoices.id, row.id), isNotNull(taxInvoices.issuedAt)))
      .for('update');
    if (fresh) await writeCorrections(tx, row.companyId, fresh);
  });
}

/**
 * A per-order or 월합계 invoice tried before (a timeout, a lost answer, a crash after the provider
 * accepted) may have been issued at the provider all the same. Before it is worked out again (a refund since
 * may have lowered it, or left nothing to invoice), the provider is asked for its key: one it holds
 * is recorded issued with the amounts sent, never cancelled or changed here
 * (docs/requirements.md#tax-invoices). True when it was.
 */
async function recordHeldAtProvider(db: Db, provider: TaxInvoiceProvider, row: Row): Promise<boolean> {
  // draftedAt: an earlier try sent these amounts (it failed, crashed, or staff retry it).
  if (row.draftedAt === null || !provider.states) return false;
  const held = (await provider.states([row.mgtKey])).get(row.mgtKey);
  if (!held || held.rejected) return false;
  await setRow(db, row.id, {
    status: held.sent ? 'sent' : 'issued',
    error: '',
    ntsConfirmNum: held.ntsConfirmNum,
    issuedAt: new Date(),
  });
  return true;
}

/** The 월합계 invoices of a month: one per company, for its cash orders shipped that month without an invoice of their own. */
export const monthlyTaxInvoices: JobHandler<'taxInvoice.monthly'> = async (job, deps) => {
  const { db } = deps;
  const month = job.data.month;
  // Every company with cash orders of the month not on an invoice of their own: a 월합계 company, and
  // one that switched to per-order in the month (its orders shipped before the switch).
  const candidates = await monthlyInvoiceCompanies(db, month, hasNoOrderInvoice);
  const now = new Date();
  for (const { companyId } of candidates) {
    const shipped = await invoiceOrders(db, companyId, and(paidInCash, shippedInMonth(month), hasNoOrderInvoice));
    const draft = monthlyInvoice(
      companyId,
      month,
      shipped.filter((o) => o.shippedAt && seoulMonth(o.shippedAt) === month),
      now,
    );
    if (!draft) continue;
    await db.transaction((tx) => writeInvoice(tx, { companyId, kind: 'monthly', month, draft }));
  }
};

/** How many issued invoices one poll reads (Popbill's getInfos takes 1,000 a call). */
const POLL_BATCH = 5_000;

/**
 * The hourly read of invoices issued and not yet at the 국세청 (docs/requirements.md#tax-invoices):
 * the provider's states, 304 → 국세청 전송 (sent), 305 → 실패 with the NTS's reason for staff.
 * The demo (console) answers 국세청 전송 when it issues, so it leaves nothing here to read.
 */
export const pollTaxInvoices: JobHandler<'taxInvoice.poll', TaxInvoiceJobDeps> = async (_job, deps) => {
  const { db } = deps;
  const provider = deps.taxInvoices;
  if (!provider?.states) return;
  const rows = await db
    .select({ id: taxInvoices.id, mgtKey: taxInvoices.mgtKey })
    .from(taxInvoices)
    .where(and(eq(taxInvoices.status, 'issued'), isNotNull(taxInvoices.issuedAt)))
    .orderBy(asc(taxInvoices.id))
    .limit(POLL_BATCH);
  if (rows.length === 0) return;
  const states = await provider.states(rows.map((r) => r.mgtKey));
  for (const r of rows) {
    const state = states.get(r.mgtKey);
    if (!state || (!state.sent && !state.rejected)) continue;
    await db
      .update(taxInvoices)
      .set({
        status: state.rejected ? 'failed' : 'sent',
        error: state.rejected ?? '',
        ...(state.ntsConfirmNum ? { ntsConfirmNum: state.ntsConfirmNum } : {}),
        updatedAt: new Date(),
      })
      // Only a row still waiting for the NTS: a staff action meanwhile stands.
      .where(and(eq(taxInvoices.id, r.id), eq(taxInvoices.status, 'issued')));
  }
};
