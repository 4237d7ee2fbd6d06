import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { MSG_MEMBER, MSG_ORDER } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { shippingAddresses } from './schema.js';
import type { EventSink } from '../../shared/events.js';
import { badRequest, notFound } from '../../shared/http.js';
import { lockFor } from '../../db/locks.js';
import { pageOfTable } from '../../db/page.js';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function toAddressView(a: typeof shippingAddresses.$inferSelect) {
  return {
    seq: a.id,
    basic: a.basic ? 'true' : 'false',
    name: a.name,
    phone: a.phone,
    postNum: a.postNum,
    address: a.address,
    addrSub: a.addrSub,
  };
}

export async function listAddresses(
  db: Db,
  companyId: number,
  q: { searchType?: string | undefined; searchKeyword?: string | undefined; page: number; size: number },
) {
  const conditions = [eq(shippingAddresses.companyId, companyId)];
  const kw = q.searchKeyword ?? '';
  if (kw !== '') {
    const column = q.searchType === 'phone' ? shippingAddresses.phone : shippingAddresses.name;
    // Phones are stored as digits: a keyword without any finds none (docs/requirements.md#member-area).
    const typed = q.searchType === 'phone' ? kw.replace(/\D+/g, '') : kw;
    conditions.push(typed === '' ? sql`false` : ilike(column, `%${escapeLike(typed)}%`));
  }
  const where = and(...conditions);
  const basicThenNewest = [desc(shippingAddresses.basic), desc(shippingAddresses.id)];
  const { rows, total } = await pageOfTable(db, shippingAddresses, where, q, ...basicThenNewest);
  return { results: rows.map(toAddressView), total };
}

export interface AddressForm {
  seq?: number | undefined;
  basic?: boolean | 'true' | 'false' | undefined;
  name: string;
  phone: string;
  postNum: string;
  address: string;
  addrSub: string;
}

/**
 * Creates or edits a saved address of the company; exactly one default while it has any. A new
 * address equal in every field to one in the book is that one (docs/requirements.md#member-area).
 */
export async function saveAddress(db: Db, events: EventSink, companyId: number, form: AddressForm): Promise<number> {
  const basic = form.basic === true || form.basic === 'true';
  const seq = await db.transaction(async (tx) => {
    await lockAddresses(tx, companyId);
    if (basic)
      await tx.update(shippingAddresses).set({ basic: false }).where(eq(shippingAddresses.companyId, companyId));
    const values = {
      name: form.name,
      phone: form.phone,
      postNum: form.postNum,
      address: form.address,
      addrSub: form.addrSub,
    };
    if (form.seq !== undefined) {
      const [row] = await tx
        .update(shippingAddresses)
        // 'false' never takes the mark off: an address book with addresses always has one default,
        // moved by making another address default (docs/requirements.md#member-area).
        .set({ ...values, ...(basic ? { basic } : {}) })
        .where(and(eq(shippingAddresses.id, form.seq), eq(shippingAddresses.companyId, companyId)))
        .returning({ id: shippingAddresses.id });
      if (!row) throw notFound(MSG_ORDER.addressNotFound);
      return row.id;
    }
    // The same address again (a double click, a retried request) is the one already in the book:
    // under the company's lock, the second of two saves at once finds the first's row.
    const [same] = await tx
      .select({ id: shippingAddresses.id })
      .from(shippingAddresses)
      .where(
        and(
          eq(shippingAddresses.companyId, companyId),
          eq(shippingAddresses.name, values.name),
          eq(shippingAddresses.phone, values.phone),
          eq(shippingAddresses.postNum, values.postNum),
          eq(shippingAddresses.address, values.address),
          eq(shippingAddresses.addrSub, values.addrSub),
        ),
      )
      .limit(1);
    if (same) {
      if (basic) await tx.update(shippingAddresses).set({ basic }).where(eq(shippingAddresses.id, same.id));
      return same.id;
    }
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(shippingAddresses)
      .where(eq(shippingAddresses.companyId, companyId))) as [{ n: number }];
    const [row] = await tx
      .insert(shippingAddresses)
      .values({ ...values, companyId, basic: basic || Number(n) === 0 })
      .returning({ id: shippingAddresses.id });
    return row!.id;
  });
  // The first address completes the company's details (userInfo.companyInfo.licenseFlag).
  await events.publish({ type: 'companyChanged', companyId, part: 'addresses' });
  return seq;
}

/**
 * Address changes of one company are made one after another (a transaction-scoped advisory lock
 * per company): moving the default mark touches several rows, and two changes at once must
 * neither leave two defaults nor deadlock. Returns the company's addresses as they now stand.
 */
async function lockAddresses(tx: Tx, companyId: number) {
  await lockFor(tx, 'addresses', companyId);
  return tx
    .select({ id: shippingAddresses.id, basic: shippingAddresses.basic })
    .from(shippingAddresses)
    .where(eq(shippingAddresses.companyId, companyId));
}

/** Makes an address of the company its default; the one already default is refused (docs/requirements.md#member-area). */
export async function setBasicAddress(db: Db, events: EventSink, companyId: number, seq: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = (await lockAddresses(tx, companyId)).find((r) => r.id === seq);
    if (!row) throw notFound(MSG_MEMBER.addressNotFound);
    if (row.basic) throw badRequest(MSG_MEMBER.addressAlreadyBasic, 'seq');
    await tx
      .update(shippingAddresses)
      .set({ basic: sql`${shippingAddresses.id} = ${seq}` })
      .where(eq(shippingAddresses.companyId, companyId));
  });
  await events.publish({ type: 'companyChanged', companyId, part: 'addresses' });
}

/** Deletes an address of the company; when it was the default, the newest remaining one becomes default. */
export async function deleteAddress(db: Db, events: EventSink, companyId: number, seq: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAddresses(tx, companyId);
    const [gone] = await tx
      .delete(shippingAddresses)
      .where(and(eq(shippingAddresses.id, seq), eq(shippingAddresses.companyId, companyId)))
      .returning({ basic: shippingAddresses.basic });
    if (!gone) throw notFound(MSG_MEMBER.addressNotFound);
    if (!gone.basic) return;
    const [next] = await tx
      .select({ id: shippingAddresses.id })
      .from(shippingAddresses)
      .where(eq(shippingAddresses.companyId, companyId))
      .orderBy(desc(shippingAddresses.id))
      .limit(1);
    if (next) await tx.update(shippingAddresses).set({ basic: true }).where(eq(shippingAddresses.id, next.id));
  });
  await events.publish({ type: 'companyChanged', companyId, part: 'addresses' });
}
