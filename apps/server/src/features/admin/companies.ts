import { sql } from 'drizzle-orm';
import { MSG_ADMIN, type AdminPaymentRow, type CompanyDetail, type CompanyRow } from '@partsmall/contract';
import { queryRows, type Db } from '../../db/client.js';
import { publish } from '../../shared/events.js';
import { badRequest, notFound } from '../../shared/http.js';
import { licenseDaysLeft } from '../../shared/time.js';
import { endSessions, type SessionSockets } from '../auth/sessions.js';
import { credit, debit } from '../wallet/wallet.js';
import { recordAudit } from './audit.js';
import { adminOrdersWhere, ledgerRows } from './orders.js';

/** Members and companies in the back office: search, detail, level, stop, cash and licence adjustments. */

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const num = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => (v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());

function toCompanyRow(r: Record<string, unknown>, now = new Date()): CompanyRow {
  const end = r.license_end ? new Date(String(r.license_end instanceof Date ? r.license_end.toISOString() : r.license_end)) : null;
  return {
    companyId: num(r.id),
    name: String(r.name),
    license: String(r.license ?? ''),
    level: String(r.level),
    point: num(r.point),
    licenseEnd: end ? end.toISOString() : null,
    licenseDays: licenseDaysLeft(end, now),
    members: num(r.members),
    created: iso(r.created_at)!,
    withdrawn: r.withdrawn_at !== null && r.withdrawn_at !== undefined,
  };
}

const COMPANY_SELECT = sql`select c.*, (select count(*) from members m where m.company_id = c.id and m.status <> 'withdrawn') as members from companies c`;

export async function listCompanies(db: Db, q: { keyword?: string | undefined; level?: string | undefined; page: number; size: number }) {
  const conditions = [sql`true`];
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    const digits = q.keyword.replace(/\D/g, '');
    conditions.push(
      sql`(c.name ilike ${like} or c.ceo ilike ${like}${digits.length >= 3 ? sql` or c.license like ${`%${digits}%`}` : sql``}
        or exists (select 1 from members m where m.company_id = c.id and (m.login_id ilike ${like} or m.name ilike ${like}${digits.length >= 3 ? sql` or m.phone like ${`%${digits}%`}` : sql``})))`,
    );
  }
  if (q.level) conditions.push(sql`c.level = ${q.level}`);
  const w = sql.join(conditions, sql` and `);
  const [rows, [counted]] = await Promise.all([
    queryRows<Record<string, unknown>>(db, sql`${COMPANY_SELECT} where ${w} order by c.id desc limit ${q.size} offset ${(q.page - 1) * q.size}`),
    queryRows<{ n: unknown }>(db, sql`select count(*) as n from companies c where ${w}`),
  ]);
  return { results: rows.map((r) => toCompanyRow(r)), total: num(counted?.n) };
}

export async function paymentRows(db: Db, condition: ReturnType<typeof sql>, limit: number, offset = 0): Promise<AdminPaymentRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select p.*, c.name as company_name, coalesce(m.name, '') as member_name from payments p join companies c on c.id = p.company_id
        left join members m on m.id = p.member_id where ${condition} order by p.id desc limit ${limit} offset ${offset}`,
  );
  return rows.map((p) => ({
    seq: num(p.id),
    gatewayId: String(p.gateway_id),
    provider: String(p.provider),
    companyId: num(p.company_id),
    companyName: String(p.company_name),
    memberName: String(p.member_name),
    kind: String(p.kind),
    pgcode: String(p.pgcode),
    amount: num(p.amount),
    days: p.days === null ? null : num(p.days),
    productName: String(p.product_name),
    status: String(p.status),
    created: iso(p.created_at)!,
    paidAt: iso(p.paid_at),
  }));
}

export async function companyDetail(db: Db, companyId: number): Promise<CompanyDetail> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${COMPANY_SELECT} where c.id = ${companyId}`);
  if (!row) throw notFound(MSG_ADMIN.companyNotFound);
  const [memberRows, orders, payments, ledger, [sum]] = await Promise.all([
    queryRows<Record<string, unknown>>(db, sql`select * from members where company_id = ${companyId} order by type, id`),
    adminOrdersWhere(db, sql`o.company_id = ${companyId} and o.storage_id > 0`, 20),
    paymentRows(db, sql`p.company_id = ${companyId}`, 20),
    ledgerRows(db, sql`l.company_id = ${companyId}`, 50),
    queryRows<{ s: unknown }>(db, sql`select coalesce(sum(amount), 0) as s from cash_ledger where company_id = ${companyId}`),
  ]);
  return {
    company: { ...toCompanyRow(row), ceo: String(row.ceo), phone: String(row.phone), mail: String(row.mail), area: String(row.area), ledgerSum: num(sum?.s) },
    members: memberRows.map((m) => ({ seq: num(m.id), id: String(m.login_id), name: String(m.name), phone: String(m.phone), type: num(m.type), status: String(m.status), created: iso(m.created_at)! })),
    orders,
    payments,
    ledger,
  };
}

export async function setCompanyLevel(db: Db, staffId: number, companyId: number, level: string) {
  await db.transaction(async (tx) => {
    const [before] = await queryRows<{ level: string }>(tx, sql`select level from companies where id = ${companyId} for update`);
    if (!before) throw notFound(MSG_ADMIN.companyNotFound);
    await tx.execute(sql`update companies set level = ${level} where id = ${companyId}`);
    await recordAudit(tx, { memberId: staffId, action: 'setCompanyLevel', target: `company:${companyId}`, before, after: { level } });
  });
}

/** Stops or resumes a member account (never staff through this call); stopping ends its sessions at once. */
export async function setMemberStatus(db: Db, sockets: SessionSockets, staffId: number, memberId: number, status: 'active' | 'stopped') {
  await db.transaction(async (tx) => {
    const [before] = await queryRows<{ status: string; role: string }>(tx, sql`select status, role from members where id = ${memberId} for update`);
    if (!before || before.role !== 'member' || before.status === 'withdrawn') throw notFound(MSG_ADMIN.memberNotFound);
    await tx.execute(sql`update members set status = ${status} where id = ${memberId}`);
    await recordAudit(tx, { memberId: staffId, action: 'setMemberStatus', target: `member:${memberId}`, before: { status: before.status }, after: { status } });
  });
  if (status === 'stopped') await endSessions(db, sockets, { memberIds: [memberId] });
}

/**
 * A cash adjustment: an 'adjust' ledger row in the same transaction as the balance (the wallet
 * module), a 'manager' payment record for a credit so the company's cash history shows it, and
 * never below zero (the debit is conditional; nothing is written when it would go below).
 */
export async function adjustCash(db: Db, staffId: number, r: { companyId: number; amount: number; reason: string }) {
  const point = await db.transaction(async (tx) => {
    const [before] = await queryRows<{ point: unknown; name: string }>(tx, sql`select point, name from companies where id = ${r.companyId}`);
    if (!before) throw notFound(MSG_ADMIN.companyNotFound);
    const move = { companyId: r.companyId, amount: Math.abs(r.amount), type: 'adjust' as const, memberId: staffId, note: `관리자 조정: ${r.reason}` };
    let point: number;
    try {
      point = r.amount > 0 ? await credit(tx, move) : await debit(tx, move);
    } catch (err) {
      if (r.amount < 0) throw badRequest(MSG_ADMIN.cashBelowZero, 'amount');
      throw err;
    }
    if (r.amount > 0) {
      await tx.execute(sql`insert into payments (gateway_id, provider, company_id, member_id, kind, pgcode, amount, product_name, status, paid_at)
        values (${`manager-${crypto.randomUUID()}`}, 'manager', ${r.companyId}, ${staffId}, 'point', 'manager', ${r.amount}, ${`관리자 캐시 지급 ${r.amount.toLocaleString('ko-KR')}원`}, 'paid', now())`);
    }
    await recordAudit(tx, { memberId: staffId, action: 'adjustCash', target: `company:${r.companyId}`, before: { point: num(before.point) }, after: { point, amount: r.amount, reason: r.reason } });
    return point;
  });
  await publish({ type: 'walletChanged', companyId: r.companyId, reason: 'adjusted' });
  return point;
}

const DAY_MS = 86_400_000;

/** Licence days added or taken: a licence that ran out starts from now; the end never moves before now. */
export async function adjustLicense(db: Db, staffId: number, r: { companyId: number; days: number; reason: string }, now = new Date()) {
  const adjusted = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ license_end: unknown; point: unknown }>(tx, sql`select license_end, point from companies where id = ${r.companyId} for update`);
    if (!row) throw notFound(MSG_ADMIN.companyNotFound);
    const current = row.license_end ? new Date(iso(row.license_end)!) : null;
    const base = current && current > now ? current : now;
    let end: Date | null = new Date(base.getTime() + r.days * DAY_MS);
    if (end <= now) end = current && current <= now ? current : now;
    await tx.execute(sql`update companies set license_end = ${end.toISOString()} where id = ${r.companyId}`);
    await recordAudit(tx, { memberId: staffId, action: 'adjustLicense', target: `company:${r.companyId}`, before: { licenseEnd: current?.toISOString() ?? null }, after: { licenseEnd: end.toISOString(), days: r.days, reason: r.reason } });
    return { point: num(row.point), licenseEnd: end.toISOString(), licenseDays: licenseDaysLeft(end, now) };
  });
  await publish({ type: 'licenceChanged', companyId: r.companyId });
  return adjusted;
}
