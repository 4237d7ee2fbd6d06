import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MSG_DEPOSIT,
  MSG_MEMBER,
  findLicensePackage,
  type GatewayConfirmation,
  type PendingTransfer,
  type PaymentWindowAnswer,
  type CallAnswer,
} from '@partsmall/contract';
import { type Api, type AppContext, requireCompanyMember, requireMainAccount } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { AppError, badRequest, ok } from '../../shared/http.js';
import { readMallConfig } from '../mall/index.js';
import { SANDBOX_APPROVE_OFF, demoAccountPage, notFoundPage, paymentPage, resultPage } from './page.js';
import type { PaymentGateway } from './gateway.js';
import {
  SANDBOX_PAGE_PREFIX,
  VIRTUAL_ACCOUNT_HOURS,
  createSandboxGateway,
  sandboxVirtualAccounts,
  virtualAccount,
} from './sandbox.js';
import { bankName, createTossGateway } from './toss.js';
import {
  accountByOrderId,
  issueStatementAccount,
  latestDepositEvent,
  payableStatement,
  receiveDepositCallback,
  statementPaymentName,
} from '../deposits/index.js';
import { virtualAccountsFromConfig } from './virtual-accounts.js';
import { tossRoutes } from './toss-routes.js';
import {
  cashProductName,
  confirmPayment,
  listPaidPayments,
  paymentByGatewayId,
  pendingTransfers,
  startPayment,
  type NewPayment,
  type PaymentRow,
} from './service.js';

/** Security headers of the sandbox pages: nothing external, inline code only with this response's nonce. */
function sendPage(reply: FastifyReply, status: number, html: (nonce: string) => string) {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .status(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html(nonce));
}

/**
 * The origin of the shop page that asked for a payment window (its Origin header), when it is a
 * plain http(s) origin. Used only while PUBLIC_URL is unset (demo mode): the shop browsed at
 * http://192.0.2.7:3000 then opens its payment window there, not at localhost. What a caller names
 * here only shapes the link handed back to that same caller.
 */
export function pageOrigin(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    const url = new URL(header);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === header ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

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
    const { payment, repeated } = await confirm(req.body);
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
    const { results, total } = await listPaidPayments(db, auth.companyId, 'point', req.body);
    return ok(results, undefined, total);
  });

  /** Where a pending transfer is paid: the sandbox's fixed account, or the account Toss issued (null before it did). */
  async function depositAccount(p: PaymentRow): Promise<PendingTransfer | null> {
    const base = {
      paymentId: p.gatewayId,
      product_name: p.productName,
      amount: p.amount,
      created: p.createdAt.toISOString(),
    };
    if (gateway === sandbox) {
      const due = new Date(p.createdAt.getTime() + VIRTUAL_ACCOUNT_HOURS * 3600_000);
      return due.getTime() < Date.now()
        ? null
        : { ...base, ...virtualAccount(p.gatewayId), dueDate: due.toISOString() };
    }
    if (!toss) return null;
    const found = await toss.fetchByOrder(p.gatewayId);
    if (
      found.kind !== 'payment' ||
      found.payment.status !== 'WAITING_FOR_DEPOSIT' ||
      found.payment.totalAmount !== p.amount
    )
      return null;
    const v = found.payment.virtualAccount;
    if (!v?.accountNumber) return null;
    const due = v.dueDate ? new Date(v.dueDate) : null;
    return {
      ...base,
      bank: v.bank ?? bankName(v.bankCode),
      account: v.accountNumber,
      holder: v.customerName ?? '',
      dueDate: due && !Number.isNaN(due.getTime()) ? due.toISOString() : null,
    };
  }

  route(app, 'mallPendingTransfers', async (req) => {
    const auth = requireMainAccount(req);
    const rows = await pendingTransfers(db, auth.companyId, req.body.kind ?? 'point', gateway.name);
    const listed = await Promise.all(rows.map(depositAccount));
    return ok(listed.filter((t): t is PendingTransfer => t !== null));
  });

  // A statement paid by card (a payment window through the same gateway), or its virtual account
  // (issued now when the close's job has not yet): docs/requirements.md#credit-deposits.
  route(app, 'payStatement', async (req) => {
    const auth = requireCompanyMember(req);
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

  route(app, 'mallLicensePaymentInfo', async (req) => {
    const auth = requireMainAccount(req);
    const { results, total } = await listPaidPayments(db, auth.companyId, 'license', req.body);
    return ok(results, undefined, total);
  });

  // The sandbox gateway's page. Its buttons are plain HTML forms (no script needed to pay). The page
  // and its buttons need the key of the link the buyer was handed (knowing a payment id is not
  // enough), a button press must come from the page itself (no cross-site form), and in production
  // mode approving and depositing are off: money is credited only by a signed callback.
  if (gateway !== sandbox) return;
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, {}),
    );

    type PageRequest = { Params: { paymentId: string; action?: string }; Querystring: { key?: unknown } };
    async function pagePayment(req: FastifyRequest<PageRequest>) {
      if (!sandbox.checkPageKey(req.params.paymentId, req.query.key)) return undefined;
      return paymentByGatewayId(db, gateway.name, req.params.paymentId);
    }
    const actionUrl = (paymentId: string) => (name: string) =>
      `${SANDBOX_PAGE_PREFIX}/${encodeURIComponent(paymentId)}/${name}?key=${sandbox.pageKey(paymentId)}`;

    scope.get<PageRequest>(
      `${SANDBOX_PAGE_PREFIX}/:paymentId`,
      { config: { access: 'public' }, schema: { hide: true } },
      async (req, reply) => {
        const payment = await pagePayment(req);
        if (!payment) return sendPage(reply, 404, notFoundPage);
        return sendPage(reply, 200, (nonce) =>
          paymentPage(payment, actionUrl(payment.gatewayId), nonce, approveButtons),
        );
      },
    );

    scope.post<PageRequest>(
      `${SANDBOX_PAGE_PREFIX}/:paymentId/:action`,
      { config: { access: 'public' }, schema: { hide: true } },
      async (req, reply) => {
        const payment = await pagePayment(req);
        if (!payment) return sendPage(reply, 404, notFoundPage);
        // Fetch metadata: a browser says where a form post came from; only the page itself may press.
        const site = req.headers['sec-fetch-site'];
        if (site !== undefined && site !== 'same-origin') {
          return sendPage(reply, 403, (nonce) => resultPage(false, nonce, MSG_MEMBER.paymentActionInvalid));
        }
        const action = req.params.action ?? '';
        const allowed = payment.pgcode === 'banktransfer' ? ['deposit', 'decline'] : ['approve', 'decline'];
        if (!allowed.includes(action)) {
          return sendPage(reply, 400, (nonce) => resultPage(false, nonce, MSG_MEMBER.paymentActionInvalid));
        }
        if (action !== 'decline' && !approveButtons)
          return sendPage(reply, 403, (nonce) => resultPage(false, nonce, SANDBOX_APPROVE_OFF));
        const status = action === 'decline' ? 'declined' : 'paid';
        const body = { paymentId: payment.gatewayId, amount: payment.amount, status } as const;
        try {
          const { payment: after } = await confirm({ ...body, signature: sandbox.sign(body) });
          return sendPage(reply, 200, (nonce) => resultPage(after.status === 'paid', nonce));
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          // Already settled the other way (declined, then approved in another tab): show what stands.
          const current = await paymentByGatewayId(db, gateway.name, payment.gatewayId);
          return sendPage(reply, err.status, (nonce) => resultPage(current?.status === 'paid', nonce, err.message));
        }
      },
    );

    // The demo bank of statements' virtual accounts (docs/requirements.md#credit-deposits): the page shows the
    // account; its buttons send the deposit callback (or its reversal) a bank would, through the same
    // path as Toss's, with the account's own secret. Only who was handed the link can open it.
    const accounts = sandboxAccounts;
    type AccountRequest = { Params: { orderId: string; action?: string }; Querystring: { key?: unknown } };
    async function pageAccount(req: FastifyRequest<AccountRequest>) {
      if (!accounts.checkPageKey(req.params.orderId, req.query.key)) return undefined;
      const account = await accountByOrderId(db, 'sandbox', req.params.orderId);
      if (!account || account.status !== 'open' || !account.secret) return undefined;
      const latest = await latestDepositEvent(db, account.id);
      return { account, latest, deposited: latest?.status === 'DONE' };
    }
    const accountAction = (orderId: string) => (name: string) =>
      `${SANDBOX_PAGE_PREFIX}/account/${encodeURIComponent(orderId)}/${name}?key=${accounts.pageKey(orderId)}`;

    scope.get<AccountRequest>(
      `${SANDBOX_PAGE_PREFIX}/account/:orderId`,
      { config: { access: 'public' }, schema: { hide: true } },
      async (req, reply) => {
        const found = await pageAccount(req);
        if (!found) return sendPage(reply, 404, notFoundPage);
        const { account, deposited } = found;
        return sendPage(reply, 200, (nonce) =>
          demoAccountPage({ ...account, deposited }, accountAction(account.orderId), nonce, approveButtons),
        );
      },
    );

    scope.post<AccountRequest>(
      `${SANDBOX_PAGE_PREFIX}/account/:orderId/:action`,
      { config: { access: 'public' }, schema: { hide: true } },
      async (req, reply) => {
        const found = await pageAccount(req);
        if (!found) return sendPage(reply, 404, notFoundPage);
        const site = req.headers['sec-fetch-site'];
        if (site !== undefined && site !== 'same-origin')
          return sendPage(reply, 403, (nonce) => resultPage(false, nonce, MSG_MEMBER.paymentActionInvalid));
        const action = req.params.action ?? '';
        const { account, latest, deposited } = found;
        if (!((action === 'deposit' && !deposited) || (action === 'reverse' && deposited)))
          return sendPage(reply, 400, (nonce) => resultPage(false, nonce, MSG_MEMBER.paymentActionInvalid));
        if (!approveButtons) return sendPage(reply, 403, (nonce) => resultPage(false, nonce, SANDBOX_APPROVE_OFF));
        await receiveDepositCallback(db, 'sandbox', {
          orderId: account.orderId,
          secret: account.secret!,
          // A deposit is a new transaction; taking it back names the transaction it undoes.
          status: action === 'deposit' ? 'DONE' : 'WAITING_FOR_DEPOSIT',
          transactionKey: action === 'deposit' ? `sbx_tx_${randomBytes(12).toString('hex')}` : latest!.transactionKey,
          createdAt: new Date().toISOString(),
        });
        return sendPage(reply, 200, (nonce) =>
          resultPage(
            action === 'deposit',
            nonce,
            action === 'deposit' ? MSG_DEPOSIT.demoDeposited : MSG_DEPOSIT.demoReversed,
          ),
        );
      },
    );
  });
}
