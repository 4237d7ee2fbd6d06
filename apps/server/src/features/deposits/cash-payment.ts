import { randomUUID } from 'node:crypto';
import { MEMBER_TYPE_MAIN, MSG_CREDIT } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../shared/http.js';
import { recordAudit } from '../admin/repository.js';
import { applyStatementPayment } from '../credit/index.js';
import { lockCreditAccount } from '../credit/repository.js';
import { lockCompanyPoint } from '../members/repository.js';
import { debit } from '../wallet/index.js';
import { payableStatement, statementMonthLabel } from './statements.js';

/**
 * Who pays: a member of the company (its sub-accounts only when the credit account allows them), or
 * staff for the company at its request (api/admin/payStatementFromCash), audited as theirs.
 */
export type CashPayer =
  | { by: 'company'; companyId: number; memberType: number; memberId: number }
  | { by: 'staff'; companyId: number; memberId: number };

/**
 * A statement paid from the company's cash (api/payStatement `cash`, api/admin/payStatementFromCash;
 * docs/requirements.md#credit-deposits): what the cash covers of what is unpaid leaves it (a
 * `statement_payment` row, 명세서 결제) and is a payment of the statement, in one transaction. The
 * company's credit account is locked first, as every other payment of its statements locks it, then
 * its cash: two payments at once (the buyer's and staff's too) read the statement and the balance one
 * after the other, so neither is paid or spent twice, and a second click finds the statement paid or
 * the cash gone.
 */
export async function payStatementFromCash(
  db: Db,
  payer: CashPayer,
  seq: number,
  now: Date = new Date(),
): Promise<{ seq: number; amount: number; unpaid: number }> {
  const byStaff = payer.by === 'staff';
  return db.transaction(async (tx) => {
    await lockCreditAccount(tx, payer.companyId);
    const statement = await payableStatement(
      tx,
      { companyId: payer.companyId, memberType: byStaff ? MEMBER_TYPE_MAIN : payer.memberType },
      seq,
    );
    const amount = Math.min(statement.unpaid, await lockCompanyPoint(tx, payer.companyId));
    if (amount <= 0)
      throw byStaff
        ? new AppError(400, MSG_CREDIT.companyNoCash, 400, 'seq')
        : new AppError(400, MSG_CREDIT.noCashToPay, 400, 'method');
    await debit(tx, {
      companyId: payer.companyId,
      amount,
      type: 'statement_payment',
      memberId: payer.memberId,
      note: `${statementMonthLabel(statement.month)} 명세서 결제 (캐시)`,
    });
    // Each payment its own key: the locks, not the key, keep a second click from paying again.
    await applyStatementPayment(tx, {
      statementId: statement.id,
      amount,
      idemKey: `payment:cash:${randomUUID()}`,
      via: 'cash',
      memberId: payer.memberId,
      note: byStaff ? '업체 요청으로 직원이 캐시로 결제' : '캐시로 결제',
      now,
    });
    const unpaid = statement.unpaid - amount;
    if (byStaff)
      await recordAudit(tx, {
        memberId: payer.memberId,
        action: 'payStatementFromCash',
        target: `statement:${statement.id}`,
        before: { unpaid: statement.unpaid },
        after: { companyId: payer.companyId, amount, unpaid },
      });
    return { seq: statement.id, amount, unpaid };
  });
}
