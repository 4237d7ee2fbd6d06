import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { MSG_DEPOSIT, MSG_MEMBER, MSG_PROVIDER } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { memberById } from '../members/repository.js';
import { shopAccountHolder } from '../mall/index.js';
import type { Api } from '../../shared/context.js';
import { route, type CallRequest } from '../../shared/route.js';
import { AppError, badRequest, ok } from '../../shared/http.js';
import { notFoundPage, resultPage } from './page.js';
import type { EventSink } from '../../shared/events.js';
import { receiveDepositCallback, sameSecret } from '../deposits/index.js';
import {
  paidText,
  paymentByGatewayId,
  StatementAlreadyPaid,
  statementNothingLeft,
  type PaymentRow,
} from './service.js';
import {
  TOSS_PAGE_PREFIX,
  checkTossPageKey,
  keyStillProcessing,
  type TossGateway,
  type TossPayment,
  type TossResult,
} from './toss.js';
import {
  applyTossPayment,
  doneAtToss,
  logRefusedReadBack,
  notFoundAtToss,
  readBackPending,
  refusedTheShop,
} from './toss-apply.js';
import { depositPage, sendTossPage, windowPage } from './toss-pages.js';
import { endedAtToss } from './toss-withdrawal.js';
import { cancelPaidStatementCard } from './toss-statement.js';
import { endedByWithdrawal, endPayment } from './withdrawal.js';

/** A confirm whose outcome is still to come: its key still being processed, or the card company not answering. */
const stillProcessing = (r: Extract<TossResult, { kind: 'refused' }>) =>
  keyStillProcessing(r) || r.code === 'PROVIDER_ERROR';

const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : '');

/** What the Toss routes work with: the database, the app's bus, the gateway and the site's address. */
interface TossRouteDeps {
  readonly db: Db;
  readonly events: EventSink;
  readonly gateway: TossGateway;
  readonly site: { readonly publicUrl: string; readonly publicUrlSet?: boolean };
}

type WindowRequest = { Params: { paymentId: string }; Querystring: { key?: unknown } };
type ReturnRequest = { Querystring: Record<string, unknown> };

/**
 * Toss Payments: the window page, the window's success and fail redirects (the server confirms with
 * the secret key) and the webhook. A payment credited for the first time is announced by
 * confirmPayment on the app's bus (shared/events.ts), whichever of these confirmed it.
 */
export function tossRoutes(app: Api, db: Db, events: EventSink, gateway: TossGateway, site: TossRouteDeps['site']) {
  const t: TossRouteDeps = { db, events, gateway, site };
  void app.register(async (scope) => {
    windowRoute(scope, t);
    successRoute(scope, t);
    failRoute(scope, t);
  });
  webhookRoute(app, t);
}

/**
 * The page of a payment already settled (its link or success address opened again): paid, or declined.
 * A declined transfer top-up says why when Toss says EXPIRED, the account lapsed unpaid
 * (docs/operations.md#payments-toss-payments); anything else, or Toss unreadable, the plain outcome.
 */
async function settledPage(reply: FastifyReply, t: TossRouteDeps, payment: PaymentRow) {
  const { gateway } = t;
  let text: string | undefined;
  if (await endedByWithdrawal(t.db, payment)) text = MSG_MEMBER.paymentEnded;
  else if (payment.status === 'declined' && (await statementNothingLeft(t.db, payment)))
    text = MSG_DEPOSIT.statementAlreadyPaid;
  else if (payment.status === 'declined' && payment.pgcode === 'banktransfer') {
    const read = await gateway.fetchByOrder(payment.gatewayId);
    if (read.kind === 'payment' && read.payment.status === 'EXPIRED') text = MSG_PROVIDER.tossAccountExpired;
  }
  return sendTossPage(reply, 200, gateway.settings.sdkUrl, (nonce) =>
    resultPage(payment.status === 'paid', nonce, text),
  );
}

/** The link handed to the buyer: Toss's payment window for a pending payment, or where it stands. */
function windowRoute(scope: Api, t: TossRouteDeps) {
  const { db, gateway, site } = t;
  const sdkUrl = gateway.settings.sdkUrl;
  scope.get<WindowRequest>(
    `${TOSS_PAGE_PREFIX}/:paymentId`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (req, reply) => {
      const ok = checkTossPageKey(gateway.settings, req.params.paymentId, req.query.key);
      const payment = ok ? await paymentByGatewayId(db, gateway.name, req.params.paymentId) : undefined;
      if (!payment) return sendTossPage(reply, 404, sdkUrl, notFoundPage);
      // Its company withdrew (a session the withdrawal had not ended yet): no window opens.
      if (payment.status !== 'pending' || (await endedByWithdrawal(db, payment))) return settledPage(reply, t, payment);
      // Its statement has nothing left to pay (another window paid it): no window opens.
      if (await statementNothingLeft(db, payment))
        return sendTossPage(reply, 200, sdkUrl, (nonce) => resultPage(false, nonce, MSG_DEPOSIT.statementAlreadyPaid));
      // Read back first: paid at Toss while its webhook was lost or refused (a wrong secret key), it is
      // credited here through the one confirmation path instead of a second window opening.
      const read = await readBackPending(gateway, req.log, payment);
      const done = doneAtToss(read, payment);
      if (done) return showConfirmed(reply, t, req.log, done);
      // The link opened again after the account was issued: show the account, not a second window.
      if (
        payment.pgcode === 'banktransfer' &&
        read.kind === 'payment' &&
        read.payment.status === 'WAITING_FOR_DEPOSIT' &&
        read.payment.totalAmount === payment.amount
      ) {
        const toss = read.payment;
        const holder = await shopAccountHolder(db);
        return sendTossPage(reply, 200, sdkUrl, (nonce) => depositPage(toss, holder, nonce));
      }
      // Toss mails the buyer the receipt (and a virtual account's details) at the login address.
      const member = payment.memberId ? await memberById(db, payment.memberId) : undefined;
      const buyer = member && { email: member.loginId, name: member.name };
      return sendTossPage(reply, 200, sdkUrl, (nonce) =>
        windowPage(payment, gateway, site.publicUrl, site.publicUrlSet === false, nonce, buyer),
      );
    },
  );
}

// Toss redirects here with ?paymentKey&orderId&amount&paymentType once the buyer authorised.
function successRoute(scope: Api, t: TossRouteDeps) {
  const { db, gateway } = t;
  const sdkUrl = gateway.settings.sdkUrl;
  scope.get<ReturnRequest>(
    `${TOSS_PAGE_PREFIX}/success`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (req, reply) => {
      const paymentKey = text(req.query.paymentKey);
      const payment = paymentKey ? await paymentByGatewayId(db, gateway.name, text(req.query.orderId)) : undefined;
      if (!payment) return sendTossPage(reply, 404, sdkUrl, notFoundPage);
      // The amount in the address can be edited by anyone: it must be the one stored at the start.
      if (text(req.query.amount) !== String(payment.amount)) {
        return sendTossPage(reply, 400, sdkUrl, (nonce) => resultPage(false, nonce, MSG_MEMBER.paymentAmountMismatch));
      }
      if (payment.status !== 'pending') return settledPage(reply, t, payment);
      // Its company withdrew: not confirmed, so Toss captures nothing (an authorisation never confirmed lapses).
      if (await endedByWithdrawal(db, payment)) {
        await endPayment(db, payment, new Date());
        return sendTossPage(reply, 409, sdkUrl, (nonce) => resultPage(false, nonce, MSG_MEMBER.paymentEnded));
      }
      // Its statement was paid meanwhile (another window, a deposit): not confirmed, the card is not captured.
      if (await statementNothingLeft(db, payment)) {
        await endPayment(db, payment, new Date());
        const page = (nonce: string) => resultPage(false, nonce, MSG_DEPOSIT.statementAlreadyPaid);
        return sendTossPage(reply, 409, sdkUrl, page);
      }

      const result = await confirmAtToss(gateway, paymentKey, payment);
      if (result.kind === 'unanswered') {
        req.log.warn({ orderId: payment.gatewayId, reason: result.reason }, 'toss confirm unanswered');
        return sendTossPage(reply, 200, sdkUrl, (nonce) => resultPage(false, nonce, MSG_PROVIDER.tossPending));
      }
      if (result.kind === 'refused' && refusedTheShop(result)) {
        // The shop's own key or contract (a wrong or rotated TOSS_SECRET_KEY): nothing was captured, and
        // no buyer can pay until staff mend it, so it is an error for them (docs/operations.md#payments-toss-payments).
        req.log.error(
          { orderId: payment.gatewayId, status: result.status, code: result.code, reason: result.message },
          'toss refused the confirm: check TOSS_SECRET_KEY',
        );
        return sendTossPage(reply, 503, sdkUrl, (nonce) => resultPage(false, nonce, MSG_PROVIDER.tossShopKeyRefused));
      }
      if (result.kind === 'refused') {
        // The card company or Toss refused (REJECT_CARD_PAYMENT, EXCEED_MAX_DAILY_PAYMENT_COUNT...):
        // nothing was paid; the buyer may start again. Toss's messages are Korean and meant for buyers.
        req.log.info({ orderId: payment.gatewayId, code: result.code }, 'toss confirm refused');
        const message = `${MSG_PROVIDER.tossFailed} ${result.message}`.trim();
        return sendTossPage(reply, 200, sdkUrl, (nonce) => resultPage(false, nonce, message));
      }
      if (result.payment.orderId !== payment.gatewayId) {
        return sendTossPage(reply, 400, sdkUrl, (nonce) => resultPage(false, nonce, MSG_PROVIDER.tossWebhookMismatch));
      }
      return showConfirmed(reply, t, req.log, result.payment);
    },
  );
}

/**
 * Confirms the authorised payment with the secret key. Whatever the confirm answered (confirmed
 * before by a reload or a second tab, still being processed (409), no answer), Toss holds the truth:
 * the payment is read back. Only a refusal whose payment did not go through is answered as one; one
 * still in progress is unanswered (pending).
 */
async function confirmAtToss(gateway: TossGateway, paymentKey: string, payment: PaymentRow): Promise<TossResult> {
  const result = await gateway.confirm(paymentKey, payment.gatewayId, payment.amount);
  if (result.kind === 'payment') return result;
  const fetched = await gateway.fetchByKey(paymentKey);
  const alreadyProcessed = result.kind === 'refused' && result.code === 'ALREADY_PROCESSED_PAYMENT';
  const wentThrough = fetched.kind === 'payment' && ['DONE', 'WAITING_FOR_DEPOSIT'].includes(fetched.payment.status);
  if (wentThrough || (alreadyProcessed && fetched.kind === 'payment')) return fetched;
  if (result.kind === 'unanswered' || alreadyProcessed || stillProcessing(result))
    return { kind: 'unanswered', reason: result.kind === 'refused' ? result.code : result.reason };
  return result;
}

/** The success page once Toss confirmed: the payment applied (paid or not), its virtual account, or pending. */
async function showConfirmed(reply: FastifyReply, t: TossRouteDeps, log: FastifyBaseLogger, toss: TossPayment) {
  const sdkUrl = t.gateway.settings.sdkUrl;
  // The company withdrew while Toss confirmed: what Toss took or opened is cancelled there.
  const ended = async () => {
    const text = await endedAtToss(t.db, t.gateway, log, toss);
    return text === undefined ? undefined : sendTossPage(reply, 409, sdkUrl, (nonce) => resultPage(false, nonce, text));
  };
  try {
    const applied = await applyTossPayment(t.db, t.events, t.gateway, toss);
    if (applied.kind === 'applied') {
      const paid = applied.outcome.payment.status === 'paid';
      const text = paid ? paidText(applied.outcome) : undefined;
      return sendTossPage(reply, 200, sdkUrl, (nonce) => resultPage(paid, nonce, text));
    }
    if (applied.kind === 'unsettled' && applied.toss.status === 'WAITING_FOR_DEPOSIT') {
      const holder = await shopAccountHolder(t.db);
      return (await ended()) ?? sendTossPage(reply, 200, sdkUrl, (nonce) => depositPage(applied.toss, holder, nonce));
    }
    return sendTossPage(reply, 200, sdkUrl, (nonce) => resultPage(false, nonce, MSG_PROVIDER.tossPending));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // Its statement was paid by the window approved beside it: what Toss took is cancelled there.
    if (err instanceof StatementAlreadyPaid) {
      const text = await cancelPaidStatementCard(t.gateway, log, toss);
      return sendTossPage(reply, 409, sdkUrl, (nonce) => resultPage(false, nonce, text));
    }
    if (err.status === 409) {
      const page = await ended();
      if (page) return page;
    }
    return sendTossPage(reply, err.status, sdkUrl, (nonce) => resultPage(false, nonce, err.message));
  }
}

// Toss redirects here with ?code&message&orderId when the buyer closed the window or it failed:
// nothing was paid and nothing changes (the address can be typed by anyone).
function failRoute(scope: Api, t: TossRouteDeps) {
  const sdkUrl = t.gateway.settings.sdkUrl;
  scope.get<ReturnRequest>(
    `${TOSS_PAGE_PREFIX}/fail`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (req, reply) => {
      const message = `${MSG_PROVIDER.tossFailed} ${text(req.query.message)}`.trim();
      return sendTossPage(reply, 200, sdkUrl, (nonce) => resultPage(false, nonce, message));
    },
  );
}

type WebhookBody = CallRequest<'tossWebhook'>['body'];

/**
 * Toss's webhook: a statement's deposit callback, or an event about a top-up, whose payment is
 * then read back from the Toss API and applied.
 */
function webhookRoute(app: Api, t: TossRouteDeps) {
  const { gateway } = t;
  route(app, 'tossWebhook', async (req) => {
    const body = req.body;
    const deposit = await receiveStatementDeposit(t.db, req.log, body);
    if (deposit) return deposit;
    const paymentKey = body.data?.paymentKey ?? body.paymentKey;
    const orderId = body.data?.orderId ?? body.orderId;
    if (!paymentKey && !orderId) throw badRequest(MSG_MEMBER.paymentNotFound, 'orderId');
    // The body is only a hint: the payment is read back from the Toss API with the secret key.
    const fetched = paymentKey ? await gateway.fetchByKey(paymentKey) : await gateway.fetchByOrder(orderId!);
    if (fetched.kind === 'unanswered') {
      req.log.warn({ orderId, reason: fetched.reason }, 'toss payment lookup unanswered');
      // Not 200: Toss sends the event again later.
      throw new AppError(503, MSG_PROVIDER.tossUnavailable);
    }
    // Refused for another reason than "not found" (401 UNAUTHORIZED_KEY, 403 FORBIDDEN_REQUEST): the
    // payment may be ours, so not 200, or Toss would stop resending it; staff mend the key.
    if (fetched.kind === 'refused' && !notFoundAtToss(fetched)) {
      logRefusedReadBack(req.log, orderId, fetched);
      throw new AppError(503, MSG_PROVIDER.tossUnavailable);
    }
    if (fetched.kind === 'refused')
      return ok(
        { orderId: orderId ?? '', status: 'unknown' as const, repeated: false },
        MSG_PROVIDER.tossWebhookIgnored,
      );
    const toss = fetched.payment;
    // A deposit callback carries the virtual account's secret: it must be the payment's own.
    const secret = body.secret ?? body.data?.secret;
    if (secret && toss.secret && !sameSecret(toss.secret, secret))
      throw badRequest(MSG_PROVIDER.tossWebhookMismatch, 'secret');
    return applyWebhookPayment(t, req.log, toss);
  });
}

/**
 * A statement's virtual account: its deposit callback is stored and applied by a job
 * (docs/requirements.md#credit-deposits). Undefined for any other orderId, which goes on to the top-up path.
 */
async function receiveStatementDeposit(db: Db, log: FastifyBaseLogger, body: WebhookBody) {
  if (!(body.orderId && body.transactionKey && body.secret !== undefined)) return undefined;
  const received = await receiveDepositCallback(db, 'toss', {
    orderId: body.orderId,
    secret: body.secret,
    status: body.status ?? '',
    transactionKey: body.transactionKey,
    createdAt: body.createdAt,
  });
  if (received.kind === 'forged') {
    log.warn({ orderId: body.orderId }, 'deposit callback with a wrong secret');
    throw badRequest(MSG_DEPOSIT.webhookSecret, 'secret');
  }
  if (received.kind === 'notOurs') return undefined;
  // 200 whatever it was (stored, a retry, or older than an event already seen): Toss stops resending.
  // `repeated` only for a retry: an older event is new, and applied in its order.
  const message =
    received.kind === 'stored'
      ? MSG_DEPOSIT.webhookStored
      : received.kind === 'late'
        ? MSG_DEPOSIT.webhookLate
        : MSG_DEPOSIT.webhookRepeated;
  return ok({ orderId: body.orderId, status: 'received' as const, repeated: received.kind === 'repeated' }, message);
}

/** The webhook's answer once the payment read from Toss is applied through the one confirmation path. */
async function applyWebhookPayment(t: TossRouteDeps, log: FastifyBaseLogger, toss: TossPayment) {
  try {
    const applied = await applyTossPayment(t.db, t.events, t.gateway, toss);
    // An account Toss still holds open for a payment a withdrawal ended: closed there.
    if (applied.kind === 'unsettled' && toss.status === 'WAITING_FOR_DEPOSIT')
      await endedAtToss(t.db, t.gateway, log, toss);
    if (applied.kind === 'unknown')
      return ok(
        { orderId: toss.orderId, status: 'unknown' as const, repeated: false },
        MSG_PROVIDER.tossWebhookIgnored,
      );
    const row = applied.kind === 'applied' ? applied.outcome.payment : applied.payment;
    const repeated = applied.kind === 'applied' && applied.outcome.repeated;
    return ok(
      { orderId: row.gatewayId, status: row.status as 'pending' | 'paid' | 'declined', repeated },
      MSG_PROVIDER.tossWebhookDone,
    );
  } catch (err) {
    // Settled the other way before (a refund after the top-up): staff settle it by hand; Toss stops resending.
    if (!(err instanceof AppError) || err.status !== 409) throw err;
    // Or its statement had nothing left to pay: what Toss took is cancelled there.
    if (err instanceof StatementAlreadyPaid) {
      const text = await cancelPaidStatementCard(t.gateway, log, toss);
      return ok({ orderId: toss.orderId, status: 'declined' as const, repeated: false }, text);
    }
    // Or its company withdrew: given back at Toss, or logged for staff to refund.
    const ended = await endedAtToss(t.db, t.gateway, log, toss);
    if (ended !== undefined) {
      const row = (await paymentByGatewayId(t.db, t.gateway.name, toss.orderId))!;
      return ok({ orderId: row.gatewayId, status: row.status as 'declined', repeated: false }, ended);
    }
    log.error({ orderId: toss.orderId, tossStatus: toss.status }, 'toss webhook conflicts with the stored payment');
    const row = (await paymentByGatewayId(t.db, t.gateway.name, toss.orderId))!;
    return ok(
      { orderId: row.gatewayId, status: row.status as 'pending' | 'paid' | 'declined', repeated: true },
      err.message,
    );
  }
}
