import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { TRADE_EVENTS, TRADE_NAMESPACE, type ClientBaseInfoEvent } from '@partsmall/contract';
import { session, useSession } from './session';

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
    const request = () => s.emit(TRADE_EVENTS.requestClientBaseInfo);
    s.on(TRADE_EVENTS.toClientBaseInfo, onBaseInfo);
    s.on('connect', request);
    if (s.connected) request();
    return () => {
      s.off(TRADE_EVENTS.toClientBaseInfo, onBaseInfo);
      s.off('connect', request);
    };
  }, [token, onUnauthorized]);
}
