import type { FastifyRequest } from 'fastify';
import {
  MSG_MEMBER,
  findLicensePackage,
  type GatewayConfirmation,
  type PaymentWindowAnswer,
  type CallAnswer,
} from '@partsmall/contract';
import { type Api, type AppContext, requireMainAccount } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { AppError, badRequest, ok, okPage } from '../../shared/http.js';
import { readMallConfig } from '../mall/index.js';
import { createSandboxGateway, lapsedUnpaid, sandboxVirtualAccounts } from './sandbox.js';
import { SANDBOX_TRANSFER_EXPIRED } from './page.js';
import { createTossGateway } from './toss.js';
import { virtualAccountsFromConfig } from './virtual-accounts.js';
import { tossRoutes } from './toss-routes.js';
import { pendingPaymentRoutes } from './pending-routes.js';
import { sandboxPageRoutes } from './sandbox-routes.js';
import { statementPaymentRoutes } from './statement-routes.js';
import { pageOrigin, type PaymentGateway } from './gateway.js';
import {
  cashProductName,
  confirmPayment,
  listPaidPayments,
  paymentByGatewayId,
  startPayment,
  type NewPayment,
} from './service.js';

/**
 * Cash top-ups and licence purchases through the payment gateway (docs/requirements.md#payments),
 * the gateway's confirmation callback, the payment histories, and the sandbox gateway's own page.
 */
export function paymentRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;
  // Every link the gateway hands out starts with PUBLIC_URL (when set), never with the request's Host.
  const sandbox = createSandboxGateway(ctx.config.paymentSandboxSecret, ctx.config);
  const toss = ctx.config.toss ? createTossGateway(ctx.config.toss, ctx.config) : null;
  // PAYMENT_PROVIDER picks one gateway; payments started at it are confirmed only through it.
  const gateway: PaymentGateway = ctx.config.paymentProvider === 'toss' && toss ? toss : sandbox;
  const approveButtons = ctx.config.sandboxApproveButtons;
  // Statements' virtual accounts come from the same provider (docs/requirements.md#credit-deposits).
  const sandboxAccounts = sandboxVirtualAccounts(ctx.config.paymentSandboxSecret);
  const virtualAccounts = gateway === sandbox ? sandboxAccounts : virtualAccountsFromConfig(ctx.config);

  /** The one handler every confirmation goes through, from a real callback or the sandbox buttons. */
  async function confirm(c: GatewayConfirmation) {
    return confirmPayment(db, ctx.events, gateway, c);
  }
  if (toss && gateway === toss) tossRoutes(app, db, ctx.events, toss, ctx.config);

  /**
   * A signed confirmation of a transfer whose account lapsed unpaid credits nothing: 409 saying it
   * expired, as the sandbox page's button says, whether it lapsed now or earlier (docs/requirements.md#payments).
   */
  async function confirmCallback(c: GatewayConfirmation) {
    const expired = () => new AppError(409, SANDBOX_TRANSFER_EXPIRED, 409, 'status');
    const outcome = await confirm(c).catch(async (err: unknown) => {
      // Only "settled the other way" may be its expiry; a withdrawal's or a statement's refusal stands.
      if (!(err instanceof AppError) || err.message !== MSG_MEMBER.paymentConflict) throw err;
      const current = await paymentByGatewayId(db, gateway.name, c.paymentId);
      throw gateway.transferHours !== undefined && current && lapsedUnpaid(current) ? expired() : err;
    });
    if (outcome.expired) throw expired();
    return outcome;
  }

  async function open(
    req: FastifyRequest,
    p: Omit<NewPayment, 'companyId' | 'memberId' | 'memberName'>,
  ): Promise<PaymentWindowAnswer> {
    const auth = requireMainAccount(req);
    const started = await startPayment(
      db,
      gateway,
      {
        ...p,
        companyId: auth.companyId,
        memberId: auth.member.id,
        memberName: auth.member.name,
      },
      ctx.config.publicUrlSet ? undefined : pageOrigin(req.headers.origin),
    );
    return {
      code: 200,
      message: MSG_MEMBER.paymentWindowReady,
      online_url: started.onlineUrl,
      results: { online_url: started.onlineUrl, paymentId: started.paymentId },
    };
  }

  route(app, 'showCashPaymentWinow', async (req) => {
    const { pgcode, amount } = req.body;
    return open(req, { kind: 'point', pgcode, amount, productName: cashProductName(amount) });
  });

  route(app, 'showLicensePaymentWinow', async (req) => {
    const { pgcode, amount, days } = req.body;
    const config = await readMallConfig(db);
    const pkg = findLicensePackage(config?.licenseValidBuy ?? [], amount, days);
    if (!pkg) throw badRequest(MSG_MEMBER.licenseOption, 'amount');
    return open(req, {
      kind: 'license',
      pgcode,
      amount: pkg.price,
      days: pkg.days,
      productName: `라이선스 ${pkg.content}`,
    });
  });

  route(app, 'paymentCallback', async (req) => {
    const { payment, repeated } = await confirmCallback(req.body);
    const message = repeated
      ? MSG_MEMBER.paymentAlreadyDone
      : payment.status === 'paid'
        ? MSG_MEMBER.paymentDone
        : MSG_MEMBER.paymentDeclined;
    // The column holds only the contract's statuses (the service writes nothing else).
    return ok(
      {
        paymentId: payment.gatewayId,
        status: payment.status as CallAnswer<'paymentCallback'>['results']['status'],
        repeated,
      },
      message,
    );
  });

  route(app, 'mallCashPaymentInfo', async (req) => {
    const auth = requireMainAccount(req);
    return okPage(await listPaidPayments(db, auth.companyId, 'point', req.body));
  });

  // The transfers waiting for their deposit and one payment's status (pending-routes.ts).
  pendingPaymentRoutes(app, ctx, { gateway, sandbox, toss });

  // A statement paid by card or by its virtual account (statement-routes.ts).
  statementPaymentRoutes(app, ctx, { gateway, sandbox, sandboxAccounts, virtualAccounts });

  route(app, 'mallLicensePaymentInfo', async (req) => {
    const auth = requireMainAccount(req);
    return okPage(await listPaidPayments(db, auth.companyId, 'license', req.body));
  });

  // The sandbox gateway's page and the demo bank of statements' accounts (sandbox-routes.ts).
  if (gateway === sandbox) sandboxPageRoutes(app, db, { sandbox, accounts: sandboxAccounts, confirm, approveButtons });
}
