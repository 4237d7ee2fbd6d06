import { sql, type SQL } from 'drizzle-orm';
import {
  MSG_ADMIN,
  formatWon,
  type AdminPaymentRow,
  type CompanyDetail,
  type CompanyRow,
  type CompanySort,
  type PaymentSort,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import type { ListSort } from '../../db/page.js';
import {
  companiesWithMembers,
  countCompanies,
  companyWhere,
  lockCompany,
  lockMember,
  membersOfCompany,
  updateCompany,
  type CompanyRecord,
} from '../members/repository.js';
import { insertPayment, paymentsWithNames, paymentWhere } from '../payments/repository.js';
import { ledgerOfCompany, ledgerSum } from '../wallet/repository.js';
import type { EventSink } from '../../shared/events.js';
import { AppError, badRequest, notFound } from '../../shared/http.js';
import { adjustLicenseEnd, licenseDaysLeft } from '../../shared/time.js';
import type { SessionSockets } from '../auth/index.js';
import { credit, debit } from '../wallet/index.js';
import { setAccountStatus } from './account-status.js';
import { recordAudit } from './audit.js';
import { companyOrders, ledgerRows } from './orders.js';
import { escapeLike } from './search.js';

/** Members and companies in the back office: search, detail, level, stop, cash and licence adjustments. */

/**
 * The company an admin's level, cash or licence change acts on, locked to the end of `tx`: none is
 * 404; one that withdrew is 409 and nothing is written, since its account is closed and a deposit is
 * no longer assigned to it either (docs/requirements.md#back-office).
 */
async function lockActiveCompany(tx: Tx, companyId: number): Promise<CompanyRecord> {
  const company = await lockCompany(tx, companyId);
  if (!company) throw notFound(MSG_ADMIN.companyNotFound);
  if (company.withdrawnAt !== null) throw new AppError(409, MSG_ADMIN.companyWithdrawn, 409, 'companyId');
  return company;
}

function toCompanyRow(c: CompanyRecord, memberCount: number, now = new Date()): CompanyRow {
  return {
    companyId: c.id,
    name: c.name,
    license: c.license ?? '',
    level: c.level,
    point: c.point,
    licenseEnd: c.licenseEnd ? c.licenseEnd.toISOString() : null,
    licenseDays: licenseDaysLeft(c.licenseEnd, now),
    members: memberCount,
    created: c.createdAt.toISOString(),
    withdrawn: c.withdrawnAt !== null,
  };
}

export async function listCompanies(
  db: Db,
  q: { keyword?: string | undefined; level?: string | undefined; page: number; size: number } & ListSort<CompanySort>,
) {
  const digits = q.keyword?.replace(/\D/g, '') ?? '';
  const w = companyWhere({
    pattern: q.keyword ? `%${escapeLike(q.keyword)}%` : undefined,
    digits: digits.length >= 3 ? digits : null,
    level: q.level,
  });
  const [rows, total] = await Promise.all([
    companiesWithMembers(db, w, { limit: q.size, offset: (q.page - 1) * q.size, sort: q }),
    countCompanies(db, w),
  ]);
  return { results: rows.map((r) => toCompanyRow(r.company, r.members)), total };
}

export async function paymentRows(
  db: Db,
  condition: SQL | undefined,
  limit: number,
  offset = 0,
  sort?: ListSort<PaymentSort>,
): Promise<AdminPaymentRow[]> {
  const rows = await paymentsWithNames(db, condition, { limit, offset, sort });
  return rows.map((p) => ({
    seq: p.id,
    gatewayId: p.gatewayId,
    provider: p.provider,
    companyId: p.companyId,
    companyName: p.companyName,
    memberName: p.memberName,
    kind: p.kind,
    pgcode: p.pgcode,
    amount: p.amount,
    days: p.days,
    productName: p.productName,
    status: p.status,
    created: p.createdAt.toISOString(),
    paidAt: p.paidAt ? p.paidAt.toISOString() : null,
  }));
}

export async function companyDetail(db: Db, companyId: number): Promise<CompanyDetail> {
  const [found] = await companiesWithMembers(db, companyWhere({ id: companyId }), { limit: 1 });
  if (!found) throw notFound(MSG_ADMIN.companyNotFound);
  const c = found.company;
  const [memberRows, orders, paid, ledger, sum] = await Promise.all([
    membersOfCompany(db, companyId),
    companyOrders(db, companyId, 20),
    paymentRows(db, paymentWhere({ companyId }), 20),
    ledgerRows(db, ledgerOfCompany(companyId), 50),
    ledgerSum(db, companyId),
  ]);
  return {
    company: {
      ...toCompanyRow(c, found.members),
      ceo: c.ceo,
      phone: c.phone,
      mail: c.mail,
      area: c.area,
      ledgerSum: sum,
      bizType: c.bizType,
      bizItem: c.bizItem,
      invoiceMail: c.invoiceMail,
      invoiceMode: c.invoiceMode === 'monthly' ? 'monthly' : 'order',
    },
    members: memberRows.map((m) => ({
      seq: m.id,
      id: m.loginId,
      name: m.name,
      phone: m.phone,
      type: m.type,
      status: m.status,
      created: m.createdAt.toISOString(),
    })),
    orders,
    payments: paid,
    ledger,
  };
}

export async function setCompanyLevel(db: Db, staffId: number, companyId: number, level: string) {
  await db.transaction(async (tx) => {
    const company = await lockActiveCompany(tx, companyId);
    await updateCompany(tx, companyId, { level });
    await recordAudit(tx, {
      memberId: staffId,
      action: 'setCompanyLevel',
      target: `company:${companyId}`,
      before: { level: company.level },
      after: { level },
    });
  });
}

/** Stops or resumes a member account (never staff through this call); stopping ends its sessions at once. */
export async function setMemberStatus(
  db: Db,
  sockets: SessionSockets,
  staffId: number,
  memberId: number,
  status: 'active' | 'stopped',
) {
  await setAccountStatus(db, sockets, { staffId, action: 'setMemberStatus', memberId, status }, async (tx) => {
    const before = await lockMember(tx, memberId);
    if (!before || before.role !== 'member' || before.status === 'withdrawn') throw notFound(MSG_ADMIN.memberNotFound);
    return before.status;
  });
}

/**
 * A cash adjustment: an 'adjust' ledger row in the same transaction as the balance (the wallet
 * module), a 'manager' payment record for a credit so the company's cash history shows it, and
 * never below zero (the debit is conditional; nothing is written when it would go below).
 */
export async function adjustCash(
  db: Db,
  events: EventSink,
  staffId: number,
  r: { companyId: number; amount: number; reason: string },
) {
  const point = await db.transaction(async (tx) => {
    // The company's row is held to the end: the audit's before is the balance this adjustment
    // moved, not one a payment at the same moment had already changed.
    const company = await lockActiveCompany(tx, r.companyId);
    const before = company.point;
    const move = {
      companyId: r.companyId,
      amount: Math.abs(r.amount),
      type: 'adjust' as const,
      memberId: staffId,
      note: `관리자 조정: ${r.reason}`,
    };
    let point: number;
    try {
      point = r.amount > 0 ? await credit(tx, move) : await debit(tx, move);
    } catch (err) {
      if (r.amount < 0) throw badRequest(MSG_ADMIN.cashBelowZero, 'amount');
      throw err;
    }
    if (r.amount > 0) {
      await insertPayment(tx, {
        gatewayId: `manager-${crypto.randomUUID()}`,
        provider: 'manager',
        companyId: r.companyId,
        memberId: staffId,
        kind: 'point',
        pgcode: 'manager',
        amount: r.amount,
        productName: `관리자 캐시 지급 ${formatWon(r.amount)}`,
        status: 'paid',
        paidAt: sql`now()`,
      });
    }
    await recordAudit(tx, {
      memberId: staffId,
      action: 'adjustCash',
      target: `company:${r.companyId}`,
      before: { point: before },
      after: { point, amount: r.amount, reason: r.reason },
    });
    return point;
  });
  await events.publish({ type: 'walletChanged', companyId: r.companyId, reason: 'adjusted' });
  return point;
}

/** Licence days added or taken by an admin, as `adjustLicenseEnd` counts them (docs/requirements.md#licence). */
export async function adjustLicense(
  db: Db,
  events: EventSink,
  staffId: number,
  r: { companyId: number; days: number; reason: string },
  now = new Date(),
) {
  const adjusted = await db.transaction(async (tx) => {
    const row = await lockActiveCompany(tx, r.companyId);
    const current = row.licenseEnd;
    const end = adjustLicenseEnd(current, r.days, now);
    await updateCompany(tx, r.companyId, { licenseEnd: end });
    await recordAudit(tx, {
      memberId: staffId,
      action: 'adjustLicense',
      target: `company:${r.companyId}`,
      before: { licenseEnd: current?.toISOString() ?? null },
      after: { licenseEnd: end.toISOString(), days: r.days, reason: r.reason },
    });
    return { point: row.point, licenseEnd: end.toISOString(), licenseDays: licenseDaysLeft(end, now) };
  });
  await events.publish({ type: 'licenceChanged', companyId: r.companyId });
  return adjusted;
}
