import type { Namespace } from 'socket.io';
import { Adapter, ClusterAdapter, MessageType, SessionAwareAdapter, type BroadcastOptions } from 'socket.io-adapter';

/** What chat's delivery uses and replaces of ClusterAdapter (publish is protected, addOffsetIfNecessary private in its typings). */
interface ClusterInternals {
  broadcast(packet: unknown, opts: BroadcastOptions): Promise<void>;
  publish(message: { type: MessageType; data: unknown }): void;
  addOffsetIfNecessary(packet: unknown, opts: BroadcastOptions, offset: string): void;
  persistSession(session: unknown): void;
  restoreSession(pid: string, offset: string): Promise<unknown>;
}

/**
 * Chat replays what a client missed from the database (history after its last stored message),
 * so its namespace does without Socket.IO's connection state recovery, which the trade channel
 * keeps:
 * - one process: the in-memory recovery adapter kept every broadcast of the last two minutes in
 *   memory (1,000 a second at the chat benchmark's load: garbage collection work) and appended an
 *   offset to every event; the plain adapter replaces it.
 * - several processes (the Redis streams adapter): a broadcast reaches this process's sockets at
 *   once and the other processes through the stream after. ClusterAdapter holds local delivery
 *   until Redis has answered the XADD, to learn the offset it appends for recovery: a Redis round
 *   trip on every message, waited for by the sockets in the sender's own process, under load
 *   behind every other command in the client's queue. The receiving processes append no offset either.
 */
export function configureChatDelivery(nsp: Namespace): void {
  if (nsp.adapter instanceof SessionAwareAdapter) {
    nsp.adapter = new Adapter(nsp);
    return;
  }
  if (!(nsp.adapter instanceof ClusterAdapter)) return;
  const adapter = nsp.adapter as unknown as ClusterInternals;
  // No recovery here either: a restored socket would skip the session check (skipMiddlewares) and
  // come back with its rooms (staff's among them) for whoever sends its pid and any offset of the
  // shared stream. A chat socket that reconnects is a new one, checked again (docs/security.md).
  adapter.persistSession = () => {};
  adapter.restoreSession = () => Promise.reject(new Error('chat sockets are not restored'));
  adapter.broadcast = async (packet, opts) => {
    Adapter.prototype.broadcast.call(nsp.adapter, packet, opts);
    if (opts.flags?.local) return;
    adapter.publish({
      type: MessageType.BROADCAST,
      data: { packet, opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags } },
    });
  };
  adapter.addOffsetIfNecessary = () => {};
}
