import { randomUUID } from 'node:crypto';
import { MSG_CREDIT } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../shared/http.js';
import { applyStatementPayment } from '../credit/index.js';
import { lockCreditAccount } from '../credit/repository.js';
import { lockCompanyPoint } from '../members/repository.js';
import { debit } from '../wallet/index.js';
import { payableStatement, statementMonthLabel } from './statements.js';

/**
 * A statement paid from the company's cash (api/payStatement `cash`, docs/requirements.md#credit-deposits):
 * what the cash covers of what is unpaid leaves it (a `statement_payment` row, 명세서 결제) and is a
 * payment of the statement, in one transaction. The company's credit account is locked first, as every
 * other payment of its statements locks it, then its cash: two payments at once read the statement
 * and the balance one after the other, so neither is paid or spent twice, and a second click finds
 * the statement paid or the cash gone.
 */
export async function payStatementFromCash(
  db: Db,
  who: { companyId: number; memberType: number; memberId: number },
  seq: number,
  now: Date = new Date(),
): Promise<{ seq: number; amount: number; unpaid: number }> {
  return db.transaction(async (tx) => {
    await lockCreditAccount(tx, who.companyId);
    const statement = await payableStatement(tx, who, seq);
    const amount = Math.min(statement.unpaid, await lockCompanyPoint(tx, who.companyId));
    if (amount <= 0) throw new AppError(400, MSG_CREDIT.noCashToPay, 400, 'method');
    await debit(tx, {
      companyId: who.companyId,
      amount,
      type: 'statement_payment',
      memberId: who.memberId,
      note: `${statementMonthLabel(statement.month)} 명세서 결제 (캐시)`,
    });
    // Each payment its own key: the locks, not the key, keep a second click from paying again.
    await applyStatementPayment(tx, {
      statementId: statement.id,
      amount,
      idemKey: `payment:cash:${randomUUID()}`,
      memberId: who.memberId,
      note: '캐시로 결제',
      now,
    });
    return { seq: statement.id, amount, unpaid: statement.unpaid - amount };
  });
}
