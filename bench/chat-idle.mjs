// The chat benchmark's idle customers: connected sockets that only hold their place on the
// server (answering its pings), kept in a process of their own so that the process that
// measures holds only the sockets it sends and receives on (bench/chat.ts). A plain Node
// process (no tsx), told what to open over IPC:
//   { type: 'open', target, sockets: [[url, auth], ...] } -> { type: 'opened', target, seconds } or { type: 'error', message }
//   { type: 'count' } -> { type: 'count', held: { [target]: n }, dropped: { [target]: n } }
//   { type: 'close' } -> closes every socket and exits
import { io } from 'socket.io-client';

const sockets = new Map(); // target -> Socket[]
const dropped = new Map(); // target -> count

function open(target, url, auth) {
  return new Promise((resolve, reject) => {
    const s = io(url, { auth, transports: ['websocket'], forceNew: true, reconnection: false });
    sockets.get(target).push(s);
    s.once('connect', () => {
      s.on('disconnect', () => dropped.set(target, (dropped.get(target) ?? 0) + 1));
      resolve();
    });
    s.once('connect_error', reject);
  });
}

process.on('message', async (m) => {
  try {
    if (m.type === 'open') {
      if (!sockets.has(m.target)) sockets.set(m.target, []);
      const t0 = performance.now();
      // In groups of 200, as the measuring process opens its own.
      for (let i = 0; i < m.sockets.length; i += 200) await Promise.all(m.sockets.slice(i, i + 200).map(([url, auth]) => open(m.target, url, auth)));
      process.send({ type: 'opened', target: m.target, seconds: (performance.now() - t0) / 1000 });
    } else if (m.type === 'count') {
      const held = Object.fromEntries([...sockets].map(([t, list]) => [t, list.filter((s) => s.connected).length]));
      process.send({ type: 'count', held, dropped: Object.fromEntries(dropped) });
    } else if (m.type === 'close') {
      for (const list of sockets.values()) for (const s of list) s.close();
      process.exit(0);
    }
  } catch (err) {
    process.send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
});
// The measuring process ended without saying so: nothing is left connected.
process.on('disconnect', () => process.exit(0));
