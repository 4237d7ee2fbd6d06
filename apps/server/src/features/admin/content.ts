import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { LOW_STOCK, MSG_ADMIN, type AdminInquiry, type AdminNotice, type ConfigFields, type Dashboard, type StaffRow } from '@partsmall/contract';
import { queryRows, type Db } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../shared/http.js';
import { seoulDay, seoulNow } from '../../shared/time.js';
import { hashPassword } from '../auth/passwords.js';
import { endSessions, type SessionSockets } from '../auth/sessions.js';
import { readMallConfig, saveMallConfig } from '../mall/service.js';
import { deliveryOptionsOf } from '../shipping/delivery-options.js';
import { sanitizeNoticeHtml } from '../notices/sanitize.js';
import { recordAudit } from './audit.js';

/** Notices, inquiries, configuration, staff accounts and the dashboard of the back office. */

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const num = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => (v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());

// ---------------------------------------------------------------- notices

const toNotice = (r: Record<string, unknown>): AdminNotice => ({
  seq: num(r.id),
  type: num(r.type),
  title: String(r.title),
  content: String(r.content),
  popup: Boolean(r.popup),
  published: Boolean(r.published),
  created: iso(r.created_at)!,
});

export async function listNoticesAdmin(db: Db, q: { keyword?: string | undefined; type?: number | undefined; page: number; size: number }) {
  const c: SQL[] = [sql`true`];
  if (q.keyword) c.push(sql`title ilike ${`%${escapeLike(q.keyword)}%`}`);
  if (q.type !== undefined) c.push(sql`type = ${q.type}`);
  const w = sql.join(c, sql` and `);
  const [rows, [counted]] = await Promise.all([
    queryRows<Record<string, unknown>>(db, sql`select * from notices where ${w} order by created_at desc, id desc limit ${q.size} offset ${(q.page - 1) * q.size}`),
    queryRows<{ n: unknown }>(db, sql`select count(*) as n from notices where ${w}`),
  ]);
  return { results: rows.map(toNotice), total: num(counted?.n) };
}

export async function noticeDetailAdmin(db: Db, seq: number): Promise<AdminNotice> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`select * from notices where id = ${seq}`);
  if (!row) throw notFound(MSG_ADMIN.noticeNotFound);
  return toNotice(row);
}

/** Create or edit; the HTML is sanitised here on the server whatever the editor sent (scripts never survive). */
export async function saveNotice(db: Db, staffId: number, n: { seq?: number | undefined; type: number; title: string; content: string; popup: boolean; published: boolean }) {
  const content = sanitizeNoticeHtml(n.content);
  if (content.replace(/<[^>]*>/g, '').trim() === '' && !/<img /.test(content)) throw badRequest(MSG_ADMIN.contentRequired, 'content');
  return db.transaction(async (tx) => {
    if (n.seq) {
      const [before] = await queryRows<Record<string, unknown>>(tx, sql`select * from notices where id = ${n.seq} for update`);
      if (!before) throw notFound(MSG_ADMIN.noticeNotFound);
      const [row] = await queryRows<Record<string, unknown>>(
        tx,
        sql`update notices set type = ${n.type}, title = ${n.title}, content = ${content}, popup = ${n.popup}, published = ${n.published} where id = ${n.seq} returning *`,
      );
      await recordAudit(tx, { memberId: staffId, action: 'saveNotice', target: `notice:${n.seq}`, before: toNotice(before), after: toNotice(row!) });
      return toNotice(row!);
    }
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`insert into notices (type, title, content, popup, published) values (${n.type}, ${n.title}, ${content}, ${n.popup}, ${n.published}) returning *`,
    );
    await recordAudit(tx, { memberId: staffId, action: 'saveNotice', target: `notice:${num(row!.id)}`, before: null, after: toNotice(row!) });
    return toNotice(row!);
  });
}

// ---------------------------------------------------------------- inquiries

const toInquiry = (r: Record<string, unknown>): AdminInquiry => ({
  seq: num(r.id),
  qnaType: String(r.qna_type),
  phone: String(r.phone),
  content: String(r.content),
  memberName: String(r.member_name ?? ''),
  status: String(r.status),
  answer: String(r.answer),
  answeredAt: iso(r.answered_at),
  created: iso(r.created_at)!,
});

const INQUIRY_SELECT = sql`select i.*, coalesce(m.name, '') as member_name from inquiries i left join members m on m.id = i.member_id`;

export async function listInquiries(db: Db, q: { status?: string | undefined; page: number; size: number }) {
  const w = q.status ? sql`i.status = ${q.status}` : sql`true`;
  const [rows, [counted]] = await Promise.all([
    queryRows<Record<string, unknown>>(db, sql`${INQUIRY_SELECT} where ${w} order by i.id desc limit ${q.size} offset ${(q.page - 1) * q.size}`),
    queryRows<{ n: unknown }>(db, sql`select count(*) as n from inquiries i where ${w}`),
  ]);
  return { results: rows.map(toInquiry), total: num(counted?.n) };
}

async function changeInquiry(db: Db, staffId: number, seq: number, action: string, set: SQL) {
  return db.transaction(async (tx) => {
    const [before] = await queryRows<Record<string, unknown>>(tx, sql`${INQUIRY_SELECT} where i.id = ${seq} for update of i`);
    if (!before) throw notFound(MSG_ADMIN.inquiryNotFound);
    if (before.status === 'closed') throw new AppError(409, MSG_ADMIN.inquiryClosed, 409, 'seq');
    await tx.execute(sql`update inquiries set ${set} where id = ${seq}`);
    const [after] = await queryRows<Record<string, unknown>>(tx, sql`${INQUIRY_SELECT} where i.id = ${seq}`);
    await recordAudit(tx, { memberId: staffId, action, target: `inquiry:${seq}`, before: { status: before.status, answer: before.answer }, after: { status: after!.status, answer: after!.answer } });
    return toInquiry(after!);
  });
}

export const answerInquiry = (db: Db, staffId: number, seq: number, answer: string) =>
  changeInquiry(db, staffId, seq, 'answerInquiry', sql`answer = ${answer}, status = 'answered', answered_at = now()`);
export const closeInquiry = (db: Db, staffId: number, seq: number) => changeInquiry(db, staffId, seq, 'closeInquiry', sql`status = 'closed'`);

// ---------------------------------------------------------------- configuration

export async function readConfig(db: Db) {
  const config = await readMallConfig(db);
  if (!config) throw notFound();
  const { notices: _popups, ...rest } = config;
  return { ...rest, deliveryOptions: deliveryOptionsOf(rest) };
}

/** Saves the configuration; `ver` goes up by one, so every open shop page reloads (docs/requirements.md#entities). */
export async function saveConfig(db: Db, staffId: number, fields: ConfigFields) {
  const before = await readMallConfig(db);
  await saveMallConfig(db, fields);
  const after = await readConfig(db);
  const { notices: _n, ...beforeData } = before ?? { notices: [] };
  // The audit shows the delivery options in force before, the standard ones when none were stored.
  const beforeShown = before ? { ...beforeData, deliveryOptions: deliveryOptionsOf(beforeData) } : beforeData;
  await recordAudit(db, { memberId: staffId, action: 'saveConfig', target: 'config', before: beforeShown, after });
  return after;
}

// ---------------------------------------------------------------- staff accounts

const toStaff = (r: Record<string, unknown>): StaffRow => ({
  seq: num(r.id),
  id: String(r.login_id),
  name: String(r.name),
  phone: String(r.phone),
  role: String(r.role),
  status: String(r.status),
  created: iso(r.created_at)!,
});

export async function listStaff(db: Db) {
  const rows = await queryRows<Record<string, unknown>>(db, sql`select * from members where role in ('staff', 'admin') order by id`);
  return rows.map(toStaff);
}

/** A readable one-time password: 10 characters without look-alikes. */
function newPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
}

export async function createStaff(db: Db, adminId: number, s: { id: string; name: string; phone: string; role: 'staff' | 'admin' }) {
  const password = newPassword();
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [taken] = await queryRows<{ id: number }>(tx, sql`select id from members where login_id = ${s.id}`);
    if (taken) throw new AppError(400, MSG_ADMIN.loginIdTaken, 400, 'id');
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into members (login_id, password_hash, name, phone, mail, role, company_id, phone_verified) values (${s.id}, ${hash}, ${s.name}, ${s.phone}, ${s.id}, ${s.role}, null, false) returning id`,
    );
    const seq = num(row!.id);
    await recordAudit(tx, { memberId: adminId, action: 'createStaff', target: `member:${seq}`, before: null, after: { id: s.id, name: s.name, role: s.role } });
    return { seq, password };
  });
}

async function staffRow(db: Db, seq: number) {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`select * from members where id = ${seq} and role in ('staff', 'admin')`);
  if (!row) throw notFound(MSG_ADMIN.notStaff);
  return toStaff(row);
}

export async function resetStaffPassword(db: Db, sockets: SessionSockets, adminId: number, seq: number) {
  await staffRow(db, seq);
  const password = newPassword();
  await db.transaction(async (tx) => {
    await tx.execute(sql`update members set password_hash = ${await hashPassword(password)} where id = ${seq}`);
    await recordAudit(tx, { memberId: adminId, action: 'resetStaffPassword', target: `member:${seq}`, before: null, after: { reset: true } });
  });
  await endSessions(db, sockets, { memberIds: [seq] });
  return { seq, password };
}

export async function setStaffStatus(db: Db, sockets: SessionSockets, adminId: number, seq: number, status: 'active' | 'stopped') {
  if (seq === adminId) throw badRequest(MSG_ADMIN.selfStop, 'seq');
  const before = await staffRow(db, seq);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update members set status = ${status} where id = ${seq}`);
    await recordAudit(tx, { memberId: adminId, action: 'setStaffStatus', target: `member:${seq}`, before: { status: before.status }, after: { status } });
  });
  if (status === 'stopped') await endSessions(db, sockets, { memberIds: [seq] });
}

// ---------------------------------------------------------------- dashboard

/** `chatOnline`: the chat's count of customers connected now, on every server process. */
export async function dashboard(db: Db, chatOnline: () => Promise<number>, now = new Date()): Promise<Dashboard> {
  const today = seoulDay(now);
  const monthStart = seoulNow(now).startOf('month').format('YYYY-MM-DD');
  const from30 = seoulNow(now).subtract(29, 'day').format('YYYY-MM-DD');
  // Sales = goods of orders not cancelled (3, 8) nor returned (5).
  const live = sql`storage_id > 0 and status not in (3, 5, 8)`;
  const [[t], [m], waiting, lowStock, [inq], [transfers], days] = await Promise.all([
    queryRows<{ n: unknown; s: unknown }>(db, sql`select count(*) as n, coalesce(sum(total_amount), 0) as s from orders where ${live} and (created_at at time zone 'Asia/Seoul')::date = ${today}::date`),
    queryRows<{ n: unknown; s: unknown }>(db, sql`select count(*) as n, coalesce(sum(total_amount), 0) as s from orders where ${live} and (created_at at time zone 'Asia/Seoul')::date >= ${monthStart}::date`),
    queryRows<{ status: unknown; n: unknown }>(db, sql`select status, count(*) as n from orders where storage_id > 0 and status in (0, 1, 4, 6) group by status order by status`),
    queryRows<Record<string, unknown>>(db, sql`select id, name, pid, has_amount, stock_name from products where has_amount <= ${LOW_STOCK} order by has_amount, id limit 10`),
    queryRows<{ n: unknown }>(db, sql`select count(*) as n from inquiries where status = 'open'`),
    queryRows<{ n: unknown }>(db, sql`select count(*) as n from payments where pgcode = 'banktransfer' and status = 'pending'`),
    queryRows<{ day: unknown; n: unknown; s: unknown }>(
      db,
      sql`select to_char((created_at at time zone 'Asia/Seoul')::date, 'YYYY-MM-DD') as day, count(*) as n, coalesce(sum(total_amount), 0) as s
          from orders where ${live} and (created_at at time zone 'Asia/Seoul')::date >= ${from30}::date group by 1`,
    ),
  ]);
  const byDay = new Map(days.map((d) => [String(d.day), d]));
  const sales30 = Array.from({ length: 30 }, (_v, i) => {
    const day = seoulNow(now).subtract(29 - i, 'day').format('YYYY-MM-DD');
    const d = byDay.get(day);
    return { day, sales: num(d?.s), orders: num(d?.n) };
  });
  return {
    today: { orders: num(t?.n), sales: num(t?.s) },
    month: { orders: num(m?.n), sales: num(m?.s) },
    waiting: [0, 1, 4, 6].map((status) => ({ status, count: num(waiting.find((w) => num(w.status) === status)?.n) })),
    lowStock: lowStock.map((p) => ({ seq: num(p.id), name: String(p.name), pid: String(p.pid), hasAmount: num(p.has_amount), stockName: String(p.stock_name) })),
    openInquiries: num(inq?.n),
    transfersWaiting: num(transfers?.n),
    chatOnline: await chatOnline(),
    sales30,
  };
}
