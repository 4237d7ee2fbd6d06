import { and, eq, isNull, ne } from 'drizzle-orm';
import { LOGIN_LIMIT, MEMBER_TYPE_MAIN, MSG_MEMBER, WITHDRAW_REAUTH_SEC } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { companies, members } from './schema.js';
import { lockCompany } from './repository.js';
import { badRequest, tooMany, unauthorized } from '../../shared/http.js';
import {
  destroyOnWithdrawal,
  lockOrdersBeforeCompany,
  ordersHoldingWithdrawal,
  refuseWhileCreditOwed,
  refuseWhileOrdersInProgress,
} from '../retention/index.js';
import { endPaymentsOnWithdrawal } from '../payments/index.js';
import { creditOwed } from '../credit/index.js';
import { clearEvents, takeAttempt } from '../../shared/rate-limit.js';
import {
  type AuthContext,
  endSessions,
  findMemberById,
  sessionProvenAt,
  type SessionSockets,
  verifyPassword,
} from '../auth/index.js';

/** Whether a withdrawal through this session must give the password again (its last proof is too old). */
export async function withdrawNeedsPassword(db: Db, sessionId: number, now: Date = new Date()): Promise<boolean> {
  const provenAt = await sessionProvenAt(db, sessionId);
  return !provenAt || now.getTime() - provenAt.getTime() > WITHDRAW_REAUTH_SEC * 1000;
}

/**
 * What the withdrawal form asks before it is filled in: the password again, how many of the company's
 * orders and how much 외상 owed hold a main account's withdrawal back (neither holds a sub-account's;
 * docs/requirements.md#withdrawal).
 */
export async function withdrawCheck(
  db: Db,
  auth: AuthContext & { companyId: number },
): Promise<{ pwRequired: boolean; ordersInProgress: number; creditOwed: number }> {
  const main = auth.member.type === MEMBER_TYPE_MAIN;
  return {
    pwRequired: await withdrawNeedsPassword(db, auth.sessionId),
    ordersInProgress: main ? await ordersHoldingWithdrawal(db, auth.companyId) : 0,
    creditOwed: main ? await creditOwed(db, auth.companyId) : 0,
  };
}

/**
 * Withdraws the caller. A main account takes its company and every account of it along (the
 * business number may join again); a sub-account leaves alone. Orders, ledger and payments stay (waiting ones end).
 * A main account is refused while the company has an order staff still handle or owes 외상 (docs/requirements.md#withdrawal).
 * A session older than WITHDRAW_REAUTH_SEC must give the password (a password given is always
 * checked); wrong ones count toward the same limit as the current password of a password change.
 * Every session of the withdrawn accounts ends, sockets too; returns their ids.
 */
export async function withdraw(
  db: Db,
  sockets: SessionSockets,
  auth: AuthContext & { companyId: number },
  form: { userName: string; pw?: string | undefined },
): Promise<number[]> {
  const member = await findMemberById(db, auth.member.id);
  if (!member || member.status === 'withdrawn') throw unauthorized();
  if (form.userName.trim() !== member.name.trim()) throw badRequest(MSG_MEMBER.userNameMismatch, 'userName');
  if (form.pw === undefined && (await withdrawNeedsPassword(db, auth.sessionId)))
    throw badRequest(MSG_MEMBER.withdrawPasswordRequired, 'pw');
  if (form.pw !== undefined) {
    const key = `opw:${member.id}`;
    if (!(await takeAttempt(db, key, LOGIN_LIMIT.maxFailures, LOGIN_LIMIT.windowSec)))
      throw tooMany(MSG_MEMBER.opwTooMany);
    if (!(await verifyPassword(form.pw, member.passwordHash))) throw badRequest(MSG_MEMBER.withdrawPasswordWrong, 'pw');
    await clearEvents(db, key);
  }
  const now = new Date();
  const memberIds = await db.transaction(async (tx) => {
    // Payments first (a confirmation locks its payment, then the company): none takes money after this.
    if (member.type === MEMBER_TYPE_MAIN) await endPaymentsOnWithdrawal(tx, auth.companyId, now);
    if (member.type === MEMBER_TYPE_MAIN) await lockOrdersBeforeCompany(tx, auth.companyId);
    // Changes of type and status lock the company row first, so two at once are made one after the other.
    await lockCompany(tx, auth.companyId);
    // A second delivery of the request, after the lock, finds the account gone: a revoked session's answer, nothing twice.
    const [still] = await tx.select({ status: members.status }).from(members).where(eq(members.id, member.id));
    if (!still || still.status === 'withdrawn') throw unauthorized();
    if (member.type !== MEMBER_TYPE_MAIN) {
      await tx.update(members).set({ status: 'withdrawn', withdrawnAt: now }).where(eq(members.id, member.id));
      await destroyOnWithdrawal(tx, { memberIds: [member.id], companyId: auth.companyId, wholeCompany: false });
      return [member.id];
    }
    // Under the company's lock: an order paid at this moment is counted here or finds the company gone.
    await refuseWhileOrdersInProgress(tx, auth.companyId);
    await refuseWhileCreditOwed(tx, auth.companyId);
    const gone = await tx
      .update(members)
      .set({ status: 'withdrawn', withdrawnAt: now })
      .where(and(eq(members.companyId, auth.companyId), ne(members.status, 'withdrawn')))
      .returning({ id: members.id });
    await tx
      .update(companies)
      .set({ withdrawnAt: now })
      .where(and(eq(companies.id, auth.companyId), isNull(companies.withdrawnAt)));
    const memberIds = gone.map((m) => m.id);
    await destroyOnWithdrawal(tx, { memberIds, companyId: auth.companyId, wholeCompany: true });
    return memberIds;
  });
  return endSessions(db, sockets, { memberIds });
}
