import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import {
  TRADE_ANSWERS,
  TRADE_EVENTS,
  TRADE_NAMESPACE,
  type ClientBaseInfoEvent,
  type TradeAnswerOf,
  type TradePayload,
  type TradeRequest,
  type TradeToClient,
  type TradeToServer,
} from '@partsmall/contract';
import { ApiError, TokenExpiredError } from './api';
import { session, useSession } from './session';
import { T } from './texts';

/** The trade socket, typed by the contract's event table (socket-events.ts): a wrong event name or payload is a type error. */
type TradeSocket = Socket<TradeToClient, TradeToServer>;

let socket: Promise<TradeSocket> | null = null;
let socketToken: string | null = null;

/**
 * The trade channel for the current tab's token; one socket per tab. socket.io's client is loaded
 * only once someone is logged in: a visitor's first page does not download or run it.
 */
export function tradeSocket(): Promise<TradeSocket> | null {
  const token = session.get().token;
  if (!token) {
    void socket?.then((s) => s.disconnect());
    socket = null;
    socketToken = null;
    return null;
  }
  if (socket && socketToken === token) return socket;
  void socket?.then((s) => s.disconnect());
  socketToken = token;
  const connecting = import('socket.io-client').then(({ io }): TradeSocket =>
    io(TRADE_NAMESPACE, { auth: { token }, transports: ['websocket', 'polling'] }),
  );
  socket = connecting;
  // A failed download is tried again by the next use instead of being remembered.
  connecting.catch(() => {
    if (socket === connecting) {
      socket = null;
      socketToken = null;
    }
  });
  return connecting;
}

/** Asks the trade channel for fresh base info (cash, licence days, counts). */
export function reloadBaseInfo() {
  tradeSocket()?.then(
    (s) => s.emit(TRADE_EVENTS.requestClientBaseInfo),
    () => undefined,
  );
}

/**
 * Keeps the client base info (cash, licence, cart count) current over the trade channel.
 * A 401 (the session revoked or expired) goes to the caller, which ends the session as a call's 401 does.
 */
export function useTradeChannel(onUnauthorized: () => void) {
  const { token } = useSession();
  useEffect(() => {
    const pending = tradeSocket();
    if (!pending) return;
    const listen = (s: TradeSocket) => {
      const onBaseInfo = (event: ClientBaseInfoEvent) => {
        if (event.code === 200 && event.result) session.setBaseInfo(event.result);
        else if (event.code === 401) onUnauthorized();
      };
      s.on(TRADE_EVENTS.toClientBaseInfo, onBaseInfo);
      s.on('connect', reloadBaseInfo);
      if (s.connected) reloadBaseInfo();
      return () => {
        s.off(TRADE_EVENTS.toClientBaseInfo, onBaseInfo);
        s.off('connect', reloadBaseInfo);
      };
    };
    let detach: (() => void) | null = null;
    let left = false;
    pending.then(
      (s) => {
        if (!left) detach = listen(s);
      },
      () => undefined,
    );
    return () => {
      left = true;
      detach?.();
    };
  }, [token, onUnauthorized]);
}

interface TradeCallOptions<A> {
  timeoutMs?: number;
  timeoutMessage?: string;
  /** Picks the answer meant for this request (payments carry a client request id). */
  accept?: (answer: A) => boolean;
}

type Answerable = Exclude<TradeRequest, 'requestClientBaseInfo'>;

/**
 * Emits a trade-channel request and resolves with its answer event (TRADE_ANSWERS) when its code is
 * 201; any other code rejects with an ApiError carrying the server's message, and a missing answer
 * with `timeoutMessage` after `timeoutMs`. Mutations of the cart and checkout call it.
 */
export async function tradeCall<K extends Answerable>(
  event: K,
  payload: TradePayload<K>,
  opts: TradeCallOptions<TradeAnswerOf<K>> = {},
): Promise<TradeAnswerOf<K>> {
  type A = TradeAnswerOf<K>;
  const pending = tradeSocket();
  if (!pending) throw new TokenExpiredError();
  // The answer event's listener, typed once: each request's answer is a tradeAnswer or paymentFinishEvent.
  const s = (await pending) as unknown as Socket<
    Record<string, (a: A) => void>,
    Record<string, (p: TradePayload<K>) => void>
  >;
  const answerEvent: string = TRADE_ANSWERS[event];
  return new Promise((resolve, reject) => {
    const onAnswer = (a: A) => {
      if (opts.accept && !opts.accept(a)) return;
      clearTimeout(timer);
      s.off(answerEvent, onAnswer);
      if (a.code === 201) resolve(a);
      else reject(new ApiError(a.message, a.code, a.code, a.field, undefined, 'results' in a ? a.results : undefined));
    };
    const timer = setTimeout(() => {
      s.off(answerEvent, onAnswer);
      reject(new ApiError(opts.timeoutMessage ?? T.trade.timeout, 0, 0));
    }, opts.timeoutMs ?? 15_000);
    s.on(answerEvent, onAnswer);
    // socket.io buffers the emit until the connection is up.
    s.emit(event, payload);
  });
}
