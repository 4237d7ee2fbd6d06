import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { phoneCodes } from '../auth/schema.js';
import { cartItems } from '../cart/schema.js';
import { epcVinSearches } from '../epc/schema.js';
import { favorites, restockAlerts } from '../favorites/schema.js';
import { inquiries } from '../inquiry/schema.js';
import { companies, members } from '../members/schema.js';
import { shippingAddresses } from '../shipping/schema.js';
import { orderLines, orders } from '../orders/schema.js';
import { smsOutbox } from '../sms/schema.js';
import { companyVehicles } from '../vehicles/schema.js';
import { forgetPeople } from '../../shared/rate-limit.js';
import { notifySettings } from '../notify/index.js';

/** What a withdrawn account's name reads as wherever a record of it stays (orders, chat, back office). */
export const WITHDRAWN_NAME = '탈퇴회원';

/**
 * A login id no one can type or receive mail at (`.invalid` is reserved for that), unique per account
 * because `members_login_id` is unique over every row, withdrawn or not.
 */
export const withdrawnLoginId = (memberId: number) => `withdrawn-${memberId}@withdrawn.invalid`;

/**
 * What a withdrawal destroys at once, on the withdrawal's own transaction (docs/requirements.md#retention).
 * Each member's name, phone numbers, mail, login id and password hash are replaced (the row stays, so the
 * records that name it keep pointing at something), the phone codes and dev-outbox texts of those phones go,
 * the rate-limit counters naming the login id, the account or the phones go (forgetPeople),
 * and so do the member's restock requests and notification settings. When the main account takes the company along, the company's
 * contact fields, its delivery addresses, cart, favourites and vehicles go, and its orders keep only what the
 * supply record needs: the receiver's and sender's names and phone numbers, the detailed address, the memos
 * and the job references (a 차량번호 is personal) are removed; the road address, lines, amounts and dates stay.
 * The company's name, business number, 대표자, 사업장 address, 업태/종목 and invoice mail stay with the tax
 * records for their five years; the daily sweep (sweep.ts) removes them and the chat when their periods end.
 */
export async function destroyOnWithdrawal(
  tx: Tx,
  target: { memberIds: number[]; companyId: number; wholeCompany: boolean },
): Promise<void> {
  const { memberIds, companyId } = target;
  if (memberIds.length > 0) {
    const gone = await tx
      .select({ loginId: members.loginId, phone: members.phone, contactPhone: members.contactPhone })
      .from(members)
      .where(inArray(members.id, memberIds));
    const phones = [...new Set(gone.flatMap((m) => [m.phone, m.contactPhone]).filter((p) => p !== ''))];
    await tx
      .update(members)
      .set({
        loginId: sql`'withdrawn-' || ${members.id} || '@withdrawn.invalid'`,
        // Not a hash of anything: no password verifies against it.
        passwordHash: '!',
        name: WITHDRAWN_NAME,
        phone: '',
        phoneVerified: false,
        contactPhone: '',
        mail: '',
      })
      .where(inArray(members.id, memberIds));
    // The rate-limit counters would keep the login ids, with the addresses they were used from, and the phones.
    await forgetPeople(tx, { loginIds: gone.map((m) => m.loginId), memberIds, phones });
    if (phones.length > 0) {
      await tx.delete(phoneCodes).where(inArray(phoneCodes.phone, phones));
      await tx.delete(smsOutbox).where(inArray(smsOutbox.phone, phones));
    }
    await tx.delete(restockAlerts).where(inArray(restockAlerts.memberId, memberIds));
    // '알림 설정' holds a phone of the account's choosing.
    await tx.delete(notifySettings).where(inArray(notifySettings.memberId, memberIds));
    // A partnership request's phone is the sender's; its text stays for the record of what was asked.
    await tx.update(inquiries).set({ phone: '' }).where(inArray(inquiries.memberId, memberIds));
  }
  if (!target.wholeCompany) return;

  await tx.update(companies).set({ phone: '', fax: '', mail: '' }).where(eq(companies.id, companyId));
  await tx.delete(shippingAddresses).where(eq(shippingAddresses.companyId, companyId));
  await tx.delete(cartItems).where(eq(cartItems.companyId, companyId));
  await tx.delete(favorites).where(eq(favorites.companyId, companyId));
  await tx.delete(restockAlerts).where(eq(restockAlerts.companyId, companyId));
  await tx.delete(companyVehicles).where(eq(companyVehicles.companyId, companyId));
  await tx.delete(notifySettings).where(eq(notifySettings.companyId, companyId));
  await tx.delete(epcVinSearches).where(eq(epcVinSearches.companyId, companyId));
  await tx
    .update(orders)
    .set({ name: WITHDRAWN_NAME, phone: '', addrSub: '', fromName: '', fromPhone: '', memo: '', jobRef: '' })
    .where(eq(orders.companyId, companyId));
  await tx
    .update(orderLines)
    .set({ memo: '', jobRef: '' })
    .where(
      inArray(orderLines.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.companyId, companyId))),
    );
}
