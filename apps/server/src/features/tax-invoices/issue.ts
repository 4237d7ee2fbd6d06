import { and, asc, eq, isNotNull } from 'drizzle-orm';
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
import { TaxInvoiceRefused, type TaxInvoiceProvider } from './types.js';
import { supplierParty } from '../paperwork/index.js';
import { hasNoOrderInvoice, invoiceOrders, issuedColumns, writeCorrections, writeInvoice } from './orders.js';
import type { TaxInvoiceDocument } from './provider.js';

/**
 * The jobs of 전자세금계산서 (docs/requirements.md#tax-invoices). Issuing re-reads the invoice, the
 * company and the orders when it runs: a refund made before issuance lowers the amount or removes
 * the invoice; a company without 업태, 종목, e-mail or 사업자번호 fails with a message for staff and
 * nothing is sent to the provider. The provider call is the one effect, keyed by the mgtKey.
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
    await setRow(db, row.id, { status: 'failed', error: message });
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
      await setRow(db, row.id, { status: 'failed', error: MSG_PAPERWORK.originalNotIssued });
      throw new Error(MSG_PAPERWORK.originalNotIssued);
    }
    draft = row;
    modifyCode = modifyCodeOf(await refundTypeOf(db, row.refundKey), row.total, original.total);
  } else if (row.statementId !== null) {
    // A credit statement's 월합계 says what the statement billed; a later return is a credit note.
    draft = row;
  } else if (await recordHeldAtProvider(db, provider, row)) {
    // A try whose answer was lost issued it: recorded as it was sent; refunds since get corrections below.
    return correctRefundsSinceDraft(db, row);
  } else {
    const now = new Date();
    const fresh = await currentDraft(db, row, now);
    if (!fresh) {
      await setRow(db, row.id, { status: 'cancelled', error: '환불되어 발행할 금액이 없습니다.' });
      return;
    }
    draft = fresh;
    await setRow(db, row.id, {
      writeDate: fresh.writeDate,
      supply: fresh.supply,
      tax: fresh.tax,
      total: fresh.total,
      items: fresh.items,
      draftedAt: now,
    });
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

  const issue = async () => {
    let issued;
    try {
      issued = await provider.issue(doc);
    } catch (err) {
      await setRow(db, row.id, {
        status: 'failed',
        error: cutText(err instanceof Error ? err.message : String(err), 300),
      });
      throw err;
    }
    await setRow(db, row.id, {
      // Refused by the 국세청 (Popbill 305): staff see why; nothing reached the NTS.
      status: issued.rejected ? 'failed' : issued.sent ? 'sent' : 'issued',
      error: issued.rejected ?? '',
      ntsConfirmNum: issued.ntsConfirmNum,
      issuedAt: new Date(),
      buyer,
    });
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
  if (row.kind !== 'correction') await correctRefundsSinceDraft(db, row);
};

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
