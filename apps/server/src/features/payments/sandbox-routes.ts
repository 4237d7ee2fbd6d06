import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG_DEPOSIT, MSG_MEMBER, type GatewayConfirmation } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import type { Api } from '../../shared/context.js';
import { AppError } from '../../shared/http.js';
import { accountByOrderId, latestDepositEvent, receiveDepositCallback } from '../deposits/index.js';
import { shopAccountHolder } from '../mall/index.js';
import {
  SANDBOX_APPROVE_OFF,
  SANDBOX_TRANSFER_EXPIRED,
  demoAccountPage,
  notFoundPage,
  paymentPage,
  resultPage,
} from './page.js';
import { SANDBOX_PAGE_PREFIX, lapsedUnpaid, type SandboxGateway, type SandboxVirtualAccounts } from './sandbox.js';
import { paidText, paymentByGatewayId, statementNothingLeft, type ConfirmOutcome, type PaymentRow } from './service.js';
import { endedByWithdrawal } from './withdrawal.js';

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

/** The result page when nothing was paid or deposited, saying why. */
function sendNothingDone(reply: FastifyReply, status: number, text: string) {
  return sendPage(reply, status, (nonce) => resultPage(false, nonce, text));
}

/** Fetch metadata: a browser says where a form post came from; only the page itself may press. */
function fromAnotherSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin';
}

/**
 * Why a payment's page offers no button and what it says instead: its company withdrew (the page
 * opened again), or its statement has nothing left to pay (another window paid it).
 */
async function closedText(db: Db, payment: PaymentRow): Promise<string | undefined> {
  if (await endedByWithdrawal(db, payment)) return MSG_MEMBER.paymentEnded;
  if (payment.status !== 'paid' && (await statementNothingLeft(db, payment))) return MSG_DEPOSIT.statementAlreadyPaid;
  return undefined;
}

/**
 * The sandbox gateway's own pages (docs/requirements.md#payments): the payment window and the demo
 * bank of statements' virtual accounts, with the buttons that confirm through the same path as a
 * real gateway's callback.
 */
export function sandboxPageRoutes(
  app: Api,
  db: Db,
  o: {
    sandbox: SandboxGateway;
    accounts: SandboxVirtualAccounts;
    confirm: (c: GatewayConfirmation) => Promise<ConfirmOutcome>;
    approveButtons: boolean;
  },
) {
  const { sandbox, accounts, confirm, approveButtons } = o;
  // The sandbox gateway's page. Its buttons are plain HTML forms (no script needed to pay). The page
  // and its buttons need the key of the link the buyer was handed (knowing a payment id is not
  // enough), a button press must come from the page itself (no cross-site form), and in production
  // mode approving and depositing are off: money is credited only by a signed callback.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, {}),
    );

    type PageButton = { Params: { action?: string }; Querystring: { key?: unknown } };
    type PageRequest = { Params: { paymentId: string; action?: string }; Querystring: { key?: unknown } };
    async function pagePayment(req: FastifyRequest<PageRequest>) {
      if (!sandbox.checkPageKey(req.params.paymentId, req.query.key)) return undefined;
      return paymentByGatewayId(db, sandbox.name, req.params.paymentId);
    }
    const actionUrl = (paymentId: string) => (name: string) =>
      `${SANDBOX_PAGE_PREFIX}/${encodeURIComponent(paymentId)}/${name}?key=${sandbox.pageKey(paymentId)}`;

    scope.get<PageRequest>(
      `${SANDBOX_PAGE_PREFIX}/:paymentId`,
      { config: { access: 'public' }, schema: { hide: true } },
      async (req, reply) => {
        const payment = await pagePayment(req);
        if (!payment) return sendPage(reply, 404, notFoundPage);
        const closed = await closedText(db, payment);
        if (closed) return sendNothingDone(reply, 200, closed);
        const holder = await shopAccountHolder(db);
        return sendPage(reply, 200, (nonce) =>
          paymentPage(payment, { action: actionUrl(payment.gatewayId), approveButtons }, nonce, holder),
        );
      },
    );

    // A button of a sandbox page: only on the page its link opens (not found otherwise), pressed on
    // that page itself; `press` does what the button's action asks.
    function onButton<R extends PageButton, F>(
      url: string,
      find: (req: FastifyRequest<R>) => Promise<F | undefined>,
      press: (found: F, action: string, reply: FastifyReply) => Promise<FastifyReply>,
    ) {
      scope.post<PageButton>(url, { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
        // The url names the params `find` reads (Fastify types a route's params by its generic, not its url).
        const found = await find(req as FastifyRequest<R>);
        if (!found) return sendPage(reply, 404, notFoundPage);
        if (fromAnotherSite(req)) return sendNothingDone(reply, 403, MSG_MEMBER.paymentActionInvalid);
        return press(found, req.params.action ?? '', reply);
      });
    }

    onButton(`${SANDBOX_PAGE_PREFIX}/:paymentId/:action`, pagePayment, async (payment, action, reply) => {
      const allowed = payment.pgcode === 'banktransfer' ? ['deposit', 'decline'] : ['approve', 'decline'];
      if (!allowed.includes(action)) return sendNothingDone(reply, 400, MSG_MEMBER.paymentActionInvalid);
      if (action !== 'decline' && !approveButtons) return sendNothingDone(reply, 403, SANDBOX_APPROVE_OFF);
      const status = action === 'decline' ? 'declined' : 'paid';
      const body = { paymentId: payment.gatewayId, amount: payment.amount, status } as const;
      try {
        // A deposit after the due time is refused there, in the same update that would credit it.
        const outcome = await confirm({ ...body, signature: sandbox.sign(body) });
        const text = outcome.expired ? SANDBOX_TRANSFER_EXPIRED : paidText(outcome);
        const paid = outcome.payment.status === 'paid';
        return sendPage(reply, outcome.expired ? 409 : 200, (nonce) => resultPage(paid, nonce, text));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // Already settled the other way (declined, then approved in another tab): show what stands.
        const current = await paymentByGatewayId(db, sandbox.name, payment.gatewayId);
        const text = current && lapsedUnpaid(current) ? SANDBOX_TRANSFER_EXPIRED : err.message;
        return sendPage(reply, err.status, (nonce) => resultPage(current?.status === 'paid', nonce, text));
      }
    });

    // The demo bank of statements' virtual accounts (docs/requirements.md#credit-deposits): the page shows the
    // account; its buttons send the deposit callback (or its reversal) a bank would, through the same
    // path as Toss's, with the account's own secret. Only who was handed the link can open it.
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
          demoAccountPage({ ...account, deposited }, { action: accountAction(account.orderId), approveButtons }, nonce),
        );
      },
    );

    onButton(`${SANDBOX_PAGE_PREFIX}/account/:orderId/:action`, pageAccount, async (found, action, reply) => {
      const { account, latest, deposited } = found;
      if (!((action === 'deposit' && !deposited) || (action === 'reverse' && deposited)))
        return sendNothingDone(reply, 400, MSG_MEMBER.paymentActionInvalid);
      if (!approveButtons) return sendNothingDone(reply, 403, SANDBOX_APPROVE_OFF);
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
    });
  });
}
