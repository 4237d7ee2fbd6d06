// The chat benchmark's idle customers: connected sockets that only hold their place on the
// server (answering its pings), kept in a process of their own so that the process that
// measures holds only the sockets it sends and receives on (bench/chat.ts), told what to open
// over IPC:
//   { type: 'open', target, sockets: [[url, auth], ...] } -> { type: 'opened', target } or { type: 'error', message }
//   { type: 'count' } -> { type: 'count', held: { [target]: n }, dropped: { [target]: n } }
//   { type: 'close' } -> closes every socket and exits
import type { Socket } from 'socket.io-client';
import { openChatSocket, openInGroups } from './chat-sockets.js';

type Request = { type: 'open'; target: string; sockets: [string, object][] } | { type: 'count' } | { type: 'close' };

const sockets = new Map<string, Socket[]>();
const dropped = new Map<string, number>();
const send = (message: object) => process.send!(message);

process.on('message', async (m: Request) => {
  try {
    if (m.type === 'open') {
      const keep = sockets.get(m.target) ?? [];
      sockets.set(m.target, keep);
      await openInGroups(m.sockets, ([url, auth]) =>
        openChatSocket(url, auth, keep, () => dropped.set(m.target, (dropped.get(m.target) ?? 0) + 1)),
      );
      send({ type: 'opened', target: m.target });
    } else if (m.type === 'count') {
      const held = Object.fromEntries([...sockets].map(([t, list]) => [t, list.filter((s) => s.connected).length]));
      send({ type: 'count', held, dropped: Object.fromEntries(dropped) });
    } else if (m.type === 'close') {
      for (const list of sockets.values()) for (const s of list) s.close();
      process.exit(0);
    }
  } catch (err) {
    send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
});
// The measuring process ended without saying so: nothing is left connected.
process.on('disconnect', () => process.exit(0));
