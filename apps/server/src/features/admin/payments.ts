import { sql, type SQL } from 'drizzle-orm';
import { MSG_ADMIN } from '@partsmall/contract';
import { queryRows, type Db } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../shared/http.js';
import { withinSeoulDays } from '../../shared/time.js';
import type { PaymentGateway } from '../payments/gateway.js';
import { confirmPayment } from '../payments/service.js';
import { recordAudit } from './audit.js';
import { paymentRows } from './companies.js';

/** Gateway records and the manual 'deposit confirmed' of bank transfers. */

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface PaymentQuery {
  status?: string | undefined;
  pgcode?: string | undefined;
  kind?: string | undefined;
  company?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  page: number;
  size: number;
}

export async function listPayments(db: Db, q: PaymentQuery) {
  const c: SQL[] = [sql`true`];
  if (q.status) c.push(sql`p.status = ${q.status}`);
  if (q.pgcode) c.push(sql`p.pgcode = ${q.pgcode}`);
  if (q.kind) c.push(sql`p.kind = ${q.kind}`);
  if (q.company) c.push(sql`c.name ilike ${`%${escapeLike(q.company)}%`}`);
  if (q.startDate || q.endDate) c.push(withinSeoulDays(sql`p.created_at`, q.startDate || '0001-01-01', q.endDate || '9999-12-31'));
  const w = sql.join(c, sql` and `);
  const [results, [counted]] = await Promise.all([
    paymentRows(db, w, q.size, (q.page - 1) * q.size),
    queryRows<{ n: unknown }>(db, sql`select count(*) as n from payments p join companies c on c.id = p.company_id where ${w}`),
  ]);
  return { results, total: Number(counted?.n ?? 0) };
}

/**
 * Staff saw the money arrive on the shop's account: the payment is confirmed through the very path
 * a gateway confirmation takes (payments/service.ts confirmPayment), with the stored amount, so it
 * moves pending → paid once and credits once however often staff press the button.
 */
export async function confirmDeposit(db: Db, staffId: number, seq: number) {
  const [p] = await queryRows<{ gateway_id: string; provider: string; amount: unknown; pgcode: string; status: string; company_id: number }>(
    db,
    sql`select gateway_id, provider, amount, pgcode, status, company_id from payments where id = ${seq}`,
  );
  if (!p) throw notFound(MSG_ADMIN.paymentNotFound);
  if (p.pgcode !== 'banktransfer' || p.status === 'declined') throw badRequest(MSG_ADMIN.depositNotWaiting, 'seq');
  // The staff member is the one who vouches for this confirmation (the route checked the role).
  const manual: PaymentGateway = {
    name: p.provider,
    start: () => Promise.reject(new Error('manual confirmation only')),
    verify: () => true,
  };
  const outcome = await confirmPayment(db, manual, { paymentId: p.gateway_id, amount: Number(p.amount), status: 'paid', signature: 'staff' }).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 409) throw badRequest(MSG_ADMIN.depositNotWaiting, 'seq');
    throw err;
  });
  if (!outcome.repeated) {
    await recordAudit(db, { memberId: staffId, action: 'confirmDeposit', target: `payment:${seq}`, before: { status: p.status }, after: { status: 'paid', amount: Number(p.amount) } });
  }
  const [company] = await queryRows<{ point: unknown }>(db, sql`select point from companies where id = ${p.company_id}`);
  const [row] = await paymentRows(db, sql`p.id = ${seq}`, 1);
  return { payment: row!, point: Number(company?.point ?? 0), repeated: outcome.repeated };
}
