import { and } from 'drizzle-orm';
import {
  LOW_STOCK,
  ORDER_STATUSES_WAITING,
  addSeoulDays,
  seoulDay,
  seoulMonth,
  type Dashboard,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { countInquiries, inquiryWhere } from '../inquiry/repository.js';
import { countByStatus, createdWithin, salesByDay, salesOf } from '../orders/repository.js';
import { countPayments, waitingTransfer } from '../payments/repository.js';
import { lowStock } from '../products/repository.js';

/** The back office's dashboard: today's and the month's sales, what waits for staff, low stock, 30 days of sales. */

/** `chatOnline`: the chat's count of customers connected now, on every server process. */
export async function dashboard(db: Db, chatOnline: () => Promise<number>, now = new Date()): Promise<Dashboard> {
  const today = seoulDay(now);
  const monthStart = `${seoulMonth(now)}-01`;
  const from30 = addSeoulDays(today, -29);
  const from = (day: string) => createdWithin(day, '9999-12-31');
  const [todays, months, waiting, low, openInquiries, transfersWaiting, days] = await Promise.all([
    salesOf(db, createdWithin(today, today)),
    salesOf(db, from(monthStart)),
    countByStatus(db, ORDER_STATUSES_WAITING),
    lowStock(db, LOW_STOCK, 10),
    countInquiries(db, inquiryWhere({ status: 'open' })),
    countPayments(db, and(...waitingTransfer)),
    salesByDay(db, from(from30)),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const sales30 = Array.from({ length: 30 }, (_v, i) => {
    const day = addSeoulDays(today, i - 29);
    const d = byDay.get(day);
    return { day, sales: d?.sales ?? 0, orders: d?.orders ?? 0 };
  });
  return {
    today: todays,
    month: months,
    waiting: ORDER_STATUSES_WAITING.map((status) => ({ status, count: waiting.get(status) ?? 0 })),
    lowStock: low,
    openInquiries,
    transfersWaiting,
    chatOnline: await chatOnline(),
    sales30,
  };
}
