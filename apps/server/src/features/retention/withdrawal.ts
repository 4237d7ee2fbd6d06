import { MSG_MEMBER } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { forgetPhoneCodes } from '../auth/repository.js';
import { forgetCart } from '../cart/repository.js';
import { creditOwed } from '../credit/index.js';
import { forgetDepositorNames } from '../deposits/repository.js';
import { forgetVinSearches } from '../epc/repository.js';
import { forgetCompanyFavorites, forgetMembersRestockAlerts } from '../favorites/repository.js';
import { blankInquiryPhones } from '../inquiry/repository.js';
import { blankCompanyContacts, blankMembers, loginsAndPhones } from '../members/repository.js';
import { forgetNotifySettings, notifyPhonesOf, phonesStillHeld } from '../notify/repository.js';
import { blankOrdersOf, lockOrdersOf, waitingOrderCount } from '../orders/repository.js';
import { forgetAddresses } from '../shipping/repository.js';
import { forgetOutbox } from '../sms/repository.js';
import { forgetVehicles } from '../vehicles/repository.js';
import { forgetPeople } from '../../shared/rate-limit.js';
import { badRequest } from '../../shared/http.js';

/** What a withdrawn account's name reads as wherever a record of it stays (orders, chat, back office). */
export const WITHDRAWN_NAME = '탈퇴회원';

/**
 * A whole company's withdrawal blanks its orders: it locks them before the company row, as an order's
 * move does (the order, then the company for its refund). Locked after it, a cancel refunding one of
 * them while the company withdrew was a deadlock, one of the two a 500 (docs/architecture.md#the-money-path).
 */
export async function lockOrdersBeforeCompany(tx: Tx, companyId: number): Promise<void> {
  await lockOrdersOf(tx, companyId);
}

/**
 * How many of the company's orders hold its main account's withdrawal back: a paid order still to ship
 * (구매요청, 출고확정) or a return still to settle (반품요청, 반품보류), as the back office's dashboard counts
 * them (docs/requirements.md#withdrawal).
 */
export function ordersHoldingWithdrawal(db: Db | Tx, companyId: number): Promise<number> {
  return waitingOrderCount(db, companyId);
}

/**
 * Refuses a main account's withdrawal (400, nothing written) while the company has an order staff
 * still handle: blanked, it would leave a paid order with no one to ship to, or a return with no one
 * to settle (docs/requirements.md#withdrawal). Called on the withdrawal's transaction once it holds
 * the company's orders and row: an order paid at the same moment either committed before the lock (and
 * is counted here) or waits for it and then finds the company gone (the payment refuses a withdrawn
 * company under the same row), and a return asked for waits on its order's lock the same way.
 */
export async function refuseWhileOrdersInProgress(tx: Tx, companyId: number): Promise<void> {
  if ((await waitingOrderCount(tx, companyId)) > 0) throw badRequest(MSG_MEMBER.withdrawOrdersInProgress);
}

/**
 * Refuses a main account's withdrawal (400, nothing written) while the company owes 외상: withdrawn, it
 * would keep owing with no account, phone or mail its statements and reminders could reach, and its
 * business number could join again as a new company (docs/requirements.md#withdrawal). Read on the
 * withdrawal's transaction under the company's lock: a credit checkout at the same moment either
 * committed before it (and its order in progress refused the withdrawal already) or finds the company gone.
 */
export async function refuseWhileCreditOwed(tx: Tx, companyId: number): Promise<void> {
  const owed = await creditOwed(tx, companyId);
  if (owed > 0) throw badRequest(MSG_MEMBER.withdrawCreditOwed(owed));
}

/**
 * What a withdrawal destroys at once, on the withdrawal's own transaction (docs/requirements.md#retention).
 * Each member's name, phone numbers, mail, login id and password hash are replaced (the row stays, so the
 * records that name it keep pointing at something), the phone codes and dev-outbox texts of those phones and of
 * the phone each chose for its notices ('알림 설정') go,
 * the rate-limit counters naming the login id, the account or the phones go (forgetPeople),
 * and so do the member's restock requests and notification settings. When the main account takes the company along, the company's
 * contact fields, its delivery addresses, cart, favourites, vehicles and taught depositor names go, and its orders keep only what the
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
    const gone = await loginsAndPhones(tx, memberIds);
    // The phones of the member rows, and the one each account chose for its notices ('알림 설정').
    const chosen = await notifyPhonesOf(tx, memberIds);
    const theirs = [...new Set([...gone.flatMap((m) => [m.phone, m.contactPhone]), ...chosen].filter((p) => p !== ''))];
    // A phone an account that stays still holds keeps its codes, texts and counts.
    const held = await phonesStillHeld(tx, companyId, theirs, memberIds);
    const phones = theirs.filter((p) => !held.has(p));
    await blankMembers(tx, memberIds, WITHDRAWN_NAME);
    // The rate-limit counters would keep the login ids, with the addresses they were used from, and the phones.
    await forgetPeople(tx, { loginIds: gone.map((m) => m.loginId), memberIds, phones });
    if (phones.length > 0) {
      await forgetPhoneCodes(tx, phones);
      await forgetOutbox(tx, phones);
    }
    await forgetMembersRestockAlerts(tx, memberIds);
    // '알림 설정' holds a phone of the account's choosing.
    await forgetNotifySettings(tx, { memberIds });
    // A partnership request's phone is the sender's; its text stays for the record of what was asked.
    await blankInquiryPhones(tx, memberIds);
  }
  if (!target.wholeCompany) return;

  await blankCompanyContacts(tx, companyId);
  await forgetAddresses(tx, companyId);
  await forgetCart(tx, companyId);
  await forgetCompanyFavorites(tx, companyId);
  await forgetVehicles(tx, companyId);
  await forgetNotifySettings(tx, { companyId });
  await forgetVinSearches(tx, companyId);
  // Taught depositor names are people's names on transfers, kept only to match the next deposit.
  await forgetDepositorNames(tx, companyId);
  await blankOrdersOf(tx, companyId, WITHDRAWN_NAME);
}
