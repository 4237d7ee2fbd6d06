/** The realtime hub as the rest of the server sees it: the transport of /trade and the /chat channel. */
import type { ChatChannel } from '../features/chat/types.js';

export interface Realtime {
  /** Ends the live sockets of revoked sessions on every process (auth/sessions.ts endSessions calls it). */
  endSessions(sessionIds: number[]): void;
  /** The /trade namespace as a transport: the trade feature (features/trade/channel.ts) gives it its events. */
  trade: TradeTransport;
  /** The /chat namespace (features/chat). */
  chat: ChatChannel;
  /** 'ok' when Redis answers, 'off' without REDIS_URL; rejects when Redis does not answer (/readyz). */
  ping(): Promise<'ok' | 'off'>;
  /**
   * The process is stopping: its connections end as a dropped connection does, so their tabs
   * reconnect to another process and recover their session there. The adapter keeps working, so
   * the requests the stopping process still serves push to tabs on the other processes.
   */
  handOver(): void;
  close(): Promise<void>;
}

/** Kept on a trade socket and readable from every process (fetchSockets). */
export interface TradeSocketData {
  sessionId: number;
  token: string;
}

/** A trade socket on this process or another (fetchSockets), enough to answer it. */
export interface TradeSocketRef {
  id: string;
  data: TradeSocketData;
  emit(event: string, body: unknown): unknown;
}

/** A trade socket of this process, as it connects. */
export interface TradeSocket extends TradeSocketRef {
  on(event: string, listener: (payload: unknown) => void): unknown;
}

export interface TradeTransport {
  /**
   * Called for every signed-in trade socket as it connects, before anything is awaited: a client
   * emits the moment it connects, and an event that arrives before its listener is lost.
   */
  onConnection(listener: (socket: TradeSocket) => void): void;
  /** The trade sockets of a company's members, on every process. */
  companySockets(companyId: number): Promise<TradeSocketRef[]>;
  /** Tells a socket (on this process or another) its session is over on `event`, then closes it. */
  refuse(socketId: string, event: string): void;
}
