import { MSG_CREDIT, MSG_DEPOSIT } from '@partsmall/contract';
import type { Api, AppContext } from '../../shared/context.js';
import { requireCompanyMember } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { AppError, ok } from '../../shared/http.js';
import {
  issueStatementAccount,
  payableStatement,
  payStatementFromCash,
  statementPaymentName,
} from '../deposits/index.js';
import { pageOrigin, type PaymentGateway } from './gateway.js';
import { SANDBOX_PAGE_PREFIX, type SandboxGateway, type SandboxVirtualAccounts } from './sandbox.js';
import { startPayment } from './service.js';
import type { VirtualAccountProvider } from './types.js';

/**
 * A 외상 statement paid through the payment gateway (docs/requirements.md#credit-deposits): by card
 * (a payment window of kind statement, confirmed like any payment) or by its own virtual account
 * from the same provider, issued now when the close's job has not yet; or from the company's cash.
 * The deposits feature decides what may be paid and applies what comes in.
 */
export function statementPaymentRoutes(
  app: Api,
  ctx: AppContext,
  o: {
    gateway: PaymentGateway;
    sandbox: SandboxGateway;
    sandboxAccounts: SandboxVirtualAccounts;
    virtualAccounts: VirtualAccountProvider;
  },
) {
  const { db } = ctx;
  const { gateway, sandbox, sandboxAccounts, virtualAccounts } = o;
  const approveButtons = ctx.config.sandboxApproveButtons;

  // A statement paid by card (a payment window through the same gateway), or its virtual account
  // (issued now when the close's job has not yet): docs/requirements.md#credit-deposits.
  route(app, 'payStatement', async (req) => {
    const auth = requireCompanyMember(req);
    if (req.body.method === 'cash') {
      const payer = {
        by: 'company' as const,
        companyId: auth.companyId,
        memberType: auth.member.type,
        memberId: auth.member.id,
      };
      const paid = await payStatementFromCash(db, payer, req.body.seq);
      return ok({ ...paid, method: 'cash' as const }, MSG_CREDIT.paidFromCash(paid.amount, paid.unpaid));
    }
    const statement = await payableStatement(
      db,
      { companyId: auth.companyId, memberType: auth.member.type },
      req.body.seq,
    );
    if (req.body.method === 'card') {
      const started = await startPayment(
        db,
        gateway,
        {
          companyId: auth.companyId,
          memberId: auth.member.id,
          memberName: auth.member.name,
          kind: 'statement',
          pgcode: 'creditcard',
          amount: statement.unpaid,
          productName: statementPaymentName(statement.month),
          statementId: statement.id,
        },
        ctx.config.publicUrlSet ? undefined : pageOrigin(req.headers.origin),
      );
      return ok(
        {
          seq: statement.id,
          method: 'card' as const,
          amount: statement.unpaid,
          online_url: started.onlineUrl,
          paymentId: started.paymentId,
        },
        MSG_DEPOSIT.statementPayWindow,
      );
    }
    let account: Awaited<ReturnType<typeof issueStatementAccount>>;
    try {
      account = await issueStatementAccount(db, virtualAccounts, statement.id);
    } catch (err) {
      req.log.warn({ err, statementId: statement.id }, 'statement virtual account not issued');
      account = null;
    }
    if (!account) throw new AppError(503, MSG_DEPOSIT.accountUnavailable);
    const demoBank =
      gateway === sandbox && approveButtons
        ? `${ctx.config.publicUrlSet ? ctx.config.publicUrl : (pageOrigin(req.headers.origin) ?? ctx.config.publicUrl)}${SANDBOX_PAGE_PREFIX}/account/${encodeURIComponent(account.orderId)}?key=${sandboxAccounts.pageKey(account.orderId)}`
        : undefined;
    return ok(
      {
        seq: statement.id,
        method: 'virtualAccount' as const,
        amount: account.amount,
        virtualAccount: {
          bank: account.bank,
          accountNumber: account.accountNumber,
          holder: account.holder,
          expiresAt: account.dueAt.toISOString(),
        },
        ...(demoBank ? { demoBankUrl: demoBank } : {}),
      },
      MSG_DEPOSIT.accountIssued,
    );
  });
}
