import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  MSG,
  MSG_ORDER,
  TRADE_ANSWERS,
  TRADE_EVENTS,
  TRADE_SOCKET,
  type ClientBaseInfoEvent,
  type ChangedPrices,
  type PaymentFinishEvent,
  type TradeAnswer,
  type TradeAnswerOf,
  type TradeRequest,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import type { TradeSocket, TradeSocketRef, TradeTransport } from '../../realtime/hub.js';
import type { DomainEvent, DomainEvents, EventSink } from '../../shared/events.js';
import { invalidText } from '../../shared/db-errors.js';
import { AppError } from '../../shared/http.js';
import { parseOr400 } from '../../shared/parse.js';
import { resolveSession } from '../auth/index.js';
import { addToCart, formQuantity, removeCartLine } from '../cart/index.js';
import { paidMessage, payOrder } from '../orders/index.js';
import { buildBaseInfo } from './base-info.js';

type Buyer = { memberId: number; companyId: number };
type Parsed<K extends TradeRequest> = z.output<(typeof TRADE_SOCKET.toServer)[K]>;
type Work = (buyer: Buyer, events: EventSink) => Promise<TradeAnswer | PaymentFinishEvent>;

/**
 * Whether an event changes what base info shows (docs/requirements.md#realtime-channels): carts,
 * orders, cash, licence, the day's VIN count or the company's details. A quantity change keeps the
 * cart's line count, and an order move that refunds nothing leaves cash and orders as they were.
 */
export function changesBaseInfo(event: DomainEvent): event is Extract<DomainEvent, { companyId: number }> {
  switch (event.type) {
    case 'cartChanged':
      return event.change !== 'quantity';
    case 'orderMoved':
      return event.refunded > 0;
    case 'messageStored':
      return false;
    default:
      return true;
  }
}

/**
 * The trade channel (docs/requirements.md#realtime-channels) on the hub's /trade transport: base
 * info on request and pushed to a company's tabs whenever a domain event changes it, and the cart
 * and payment requests, answered with the contract's tradeAnswer (paymentFinish with results).
 */
export function registerTradeChannel({
  transport,
  events,
  db,
  log,
}: {
  transport: TradeTransport;
  events: DomainEvents;
  db: Db;
  log: FastifyBaseLogger;
}) {
  async function sendBaseInfo(socket: TradeSocketRef) {
    const auth = await resolveSession(db, socket.data.token);
    if (!auth) {
      transport.refuse(socket.id, TRADE_EVENTS.toClientBaseInfo);
      return;
    }
    const event: ClientBaseInfoEvent = { code: 200, result: await buildBaseInfo(db, auth) };
    socket.emit(TRADE_EVENTS.toClientBaseInfo, event);
  }

  /** Fresh base info to every open tab of a company's members, on every process. */
  async function pushBaseInfo(companyId: number) {
    const sockets = await transport.companySockets(companyId);
    await Promise.all(sockets.map((s) => sendBaseInfo(s).catch((err: unknown) => log.error({ err }, 'push failed'))));
  }

  events.on(
    ['cartChanged', 'orderPlaced', 'orderMoved', 'walletChanged', 'licenceChanged', 'vinOpened', 'companyChanged'],
    async (event) => {
      if (changesBaseInfo(event)) await pushBaseInfo(event.companyId);
    },
  );

  transport.onConnection((socket) => {
    socket.on(TRADE_EVENTS.requestClientBaseInfo, () => {
      sendBaseInfo(socket).catch((err: unknown) => log.error({ err }, 'base info failed'));
    });
    /** A request of the event table (contract socket-events.ts): its payload parsed by its schema, answered on its answer event. */
    const handle = <K extends Exclude<TradeRequest, 'requestClientBaseInfo'>>(
      name: K,
      work: (buyer: Buyer, payload: Parsed<K>, events: EventSink) => Promise<TradeAnswerOf<K>>,
    ) => {
      const schema = TRADE_SOCKET.toServer[name] as unknown as z.ZodType<Parsed<K>>;
      socket.on(
        name,
        (payload) =>
          void request(
            socket,
            name,
            TRADE_ANSWERS[name],
            (buyer, sink) => work(buyer, parseOr400(schema, payload), sink),
            payload,
          ),
      );
    };
    handle(TRADE_EVENTS.addToCart, async (buyer, form, sink) => {
      await addToCart(db, sink, buyer, form.productId, formQuantity(form), form.vin);
      return { code: 201, message: MSG_ORDER.addedToCart };
    });
    handle(TRADE_EVENTS.stateCartItem, async (buyer, { seq }, sink) => {
      await removeCartLine(db, sink, buyer, seq);
      return { code: 201, message: MSG_ORDER.removedFromCart };
    });
    handle(TRADE_EVENTS.requestPaymentProduct, async (buyer, form, sink) => {
      const results = await payOrder(db, sink, buyer, form);
      return { code: 201, message: paidMessage(results), results };
    });
  });

  /**
   * A trade request: the session is checked again (it may have been revoked since connecting), the
   * work runs with its events held, the answer goes out, then the events are delivered (the base
   * info push follows the answer, as the original client expects).
   */
  async function request(socket: TradeSocket, event: string, answer: string, work: Work, payload: unknown) {
    const current = await resolveSession(db, socket.data.token).catch(() => null);
    if (!current) {
      transport.refuse(socket.id, answer);
      return;
    }
    const companyId = current.member.companyId;
    if (companyId === null) {
      socket.emit(answer, { code: 403, message: MSG.forbidden } satisfies TradeAnswer);
      return;
    }
    const given = (payload as { clientRequestId?: unknown } | null)?.clientRequestId;
    const requestId = typeof given === 'string' ? given : undefined;
    const { outcome, events: happened } = await events.collect((sink) =>
      work({ memberId: current.member.id, companyId }, sink),
    );
    if (outcome.status === 'fulfilled') socket.emit(answer, outcome.value);
    else if (outcome.reason instanceof AppError) {
      const err = outcome.reason;
      socket.emit(answer, {
        code: err.code,
        message: err.message,
        field: err.field,
        clientRequestId: requestId,
        ...(err.results !== undefined ? { results: err.results as ChangedPrices } : {}),
      } satisfies PaymentFinishEvent);
    } else if (invalidText(outcome.reason)) {
      // As the HTTP handler's backstop: text the database refuses is the user's input, a 400.
      socket.emit(answer, { code: 400, message: MSG.textInvalid, clientRequestId: requestId } satisfies TradeAnswer);
    } else {
      log.error({ err: outcome.reason }, `${event} failed`);
      socket.emit(answer, { code: 500, message: MSG.serverError, clientRequestId: requestId } satisfies TradeAnswer);
    }
    for (const happening of happened) await events.publish(happening);
  }
}
