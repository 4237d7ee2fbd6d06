import { asc, count, eq } from 'drizzle-orm';
import {
  CHAT_LIMITS,
  COMPANY_LEVEL_NAMES,
  MSG_CHAT,
  type CannedReply,
  type ChatCustomerInfo,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../shared/http.js';
import type { MemberRow } from '../auth/index.js';
import { buildUserInfo } from '../auth/index.js';
import { cartCount } from '../cart/index.js';
import { listOrders } from '../orders/index.js';
import { chatCannedReplies } from './schema.js';
import { lockFor } from '../../db/locks.js';

/** The staff's canned replies, shared by all staff, and the customer card beside a conversation (docs/requirements.md#chat). */

// ---- canned replies (shared by all staff) ----

const toCanned = (r: typeof chatCannedReplies.$inferSelect): CannedReply => ({
  seq: r.id,
  title: r.title,
  body: r.body,
  updated: r.updatedAt.toISOString(),
});

export async function listCannedReplies(db: Db): Promise<CannedReply[]> {
  const rows = await db
    .select()
    .from(chatCannedReplies)
    .orderBy(asc(chatCannedReplies.title), asc(chatCannedReplies.id));
  return rows.map(toCanned);
}

export async function saveCannedReply(
  db: Db,
  staffId: number,
  form: { seq?: number | undefined; title: string; body: string },
): Promise<CannedReply> {
  if (form.seq !== undefined) {
    const [row] = await db
      .update(chatCannedReplies)
      .set({ title: form.title, body: form.body, updatedAt: new Date() })
      .where(eq(chatCannedReplies.id, form.seq))
      .returning();
    if (!row) throw notFound(MSG_CHAT.cannedNotFound);
    return toCanned(row);
  }
  return db.transaction(async (tx) => {
    // One at a time, so parallel saves cannot pass the cap together.
    await lockFor(tx, 'chat_canned_replies');
    const [counted] = await tx.select({ n: count() }).from(chatCannedReplies);
    if (Number(counted?.n ?? 0) >= CHAT_LIMITS.cannedReplies) throw new AppError(400, MSG_CHAT.cannedTooMany);
    const [row] = await tx
      .insert(chatCannedReplies)
      .values({ title: form.title, body: form.body, createdBy: staffId })
      .returning();
    return toCanned(row!);
  });
}

export async function deleteCannedReply(db: Db, seq: number): Promise<void> {
  const rows = await db
    .delete(chatCannedReplies)
    .where(eq(chatCannedReplies.id, seq))
    .returning({ id: chatCannedReplies.id });
  if (rows.length === 0) throw notFound(MSG_CHAT.cannedNotFound);
}

/** What staff see beside a conversation, read through the owning features' services. */
export async function customerInfo(db: Db, customer: MemberRow): Promise<ChatCustomerInfo> {
  const userInfo = await buildUserInfo(db, customer);
  const company = userInfo.companyInfo;
  const [carts, orders] = await Promise.all([
    cartCount(db, customer.id),
    customer.companyId === null
      ? { results: [], total: 0 }
      : listOrders(db, customer.companyId, { page: 1, size: CHAT_LIMITS.customerInfoOrders }),
  ]);
  return {
    seq: customer.id,
    name: customer.name,
    phone: customer.phone,
    companyName: userInfo.companyName,
    level: company?.level ?? null,
    levelName: company ? COMPANY_LEVEL_NAMES[company.level] : '',
    cash: company?.point ?? 0,
    cartCount: carts,
    orderCount: orders.total,
    lastOrders: orders.results.map((o) => ({
      seq: o.seq,
      created: o.created,
      status: o.status,
      totalAmount: o.totalAmount,
      itemLength: o.itemLength,
      firstItemName: o.orderProductInfo[0]?.name ?? '',
    })),
  };
}
