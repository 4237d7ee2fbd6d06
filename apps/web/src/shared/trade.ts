import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { TRADE_EVENTS, TRADE_NAMESPACE, type ClientBaseInfoEvent, type TradeAnswer } from '@partsmall/contract';
import { ApiError, TokenExpiredError } from './api';
import { session, useSession } from './session';
import { T } from './texts';

let socket: Socket | null = null;
let socketToken: string | null = null;

/** The trade channel for the current tab's token; one socket per tab. */
export function tradeSocket(): Socket | null {
  const token = session.get().token;
  if (!token) {
    socket?.disconnect();
    socket = null;
    socketToken = null;
    return null;
  }
  if (socket && socketToken === token) return socket;
  socket?.disconnect();
  socketToken = token;
  socket = io(TRADE_NAMESPACE, { auth: { token }, transports: ['websocket', 'polling'] });
  return socket;
}

/** Asks the trade channel for fresh base info (cash, licence days, counts). */
export function reloadBaseInfo() {
  tradeSocket()?.emit(TRADE_EVENTS.requestClientBaseInfo);
}

/**
 * Keeps the client base info (cash, licence, cart count) current over the trade channel.
 * A 401 clears the session; on a protected route the caller moves the user home.
 */
export function useTradeChannel(onUnauthorized: () => void) {
  const { token } = useSession();
  useEffect(() => {
    const s = tradeSocket();
    if (!s) return;
    const onBaseInfo = (event: ClientBaseInfoEvent) => {
      if (event.code === 200 && event.result) session.setBaseInfo(event.result);
      else if (event.code === 401) {
        session.clear();
        onUnauthorized();
      }
    };
    s.on(TRADE_EVENTS.toClientBaseInfo, onBaseInfo);
    s.on('connect', reloadBaseInfo);
    if (s.connected) reloadBaseInfo();
    return () => {
      s.off(TRADE_EVENTS.toClientBaseInfo, onBaseInfo);
      s.off('connect', reloadBaseInfo);
    };
  }, [token, onUnauthorized]);
}

interface TradeCallOptions<A> {
  timeoutMs?: number;
  timeoutMessage?: string;
  /** Picks the answer meant for this request (payments carry a client request id). */
  accept?: (answer: A) => boolean;
}

/**
 * Emits a trade-channel request and resolves with its answer event when its code is 201; any
 * other code rejects with an ApiError carrying the server's message, and a missing answer with
 * `timeoutMessage` after `timeoutMs`. Mutations of the cart and checkout call it.
 */
export function tradeCall<A extends TradeAnswer>(event: string, answerEvent: string, payload: object, opts: TradeCallOptions<A> = {}): Promise<A> {
  const s = tradeSocket();
  if (!s) return Promise.reject(new TokenExpiredError());
  return new Promise((resolve, reject) => {
    const onAnswer = (a: A) => {
      if (opts.accept && !opts.accept(a)) return;
      clearTimeout(timer);
      s.off(answerEvent, onAnswer);
      if (a.code === 201) resolve(a);
      else reject(new ApiError(a.message, a.code, a.code, a.field));
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
