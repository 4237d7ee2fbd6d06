import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';

/**
 * How a stopping process hands its traffic to the others without losing a request (a rolling
 * restart behind deploy/nginx.conf). A proxy may re-send a request only when the process never saw
 * it: nginx re-sends a refused connection to the next process, but never a POST it has already
 * written (most calls are POSTs), whatever comes back. So a stopping process must refuse new
 * connections and serve every request that reached it; answering one 503 loses it. In order:
 * 1. readiness (/readyz) fails at once, for balancers that poll it;
 * 2. after `delayMs` the listener closes: new connections are refused and go elsewhere. Until then
 *    answers keep their connections open, so a proxy has no reason to open new ones (a connection
 *    still waiting in the listener's queue when it closes is reset after its request was written);
 * 3. every request on a connection already open is served, its answer with `Connection: close`;
 * 4. a connection left idle `idleMs` is closed by the server. The proxy's own idle limit is shorter
 *    (nginx.conf keepalive_timeout), so it has closed its side before: a request it writes on a
 *    connection the server is closing at that moment would be lost;
 * 5. `start()` resolves once no connection is left (the realtime channels' sockets included, which
 *    `onListenerClosed` hands over to the other processes).
 */
export interface DrainOptions {
  delayMs: number;
  idleMs: number;
  onListenerClosed?: () => void;
}

export interface Drain {
  /** True from the moment the process was asked to stop. */
  readonly draining: boolean;
  /** Begins the drain (once; later calls return the same promise); resolves when no connection is left. */
  start(): Promise<void>;
  /** The process's HTTP requests being answered now, and when the last one came (the job workers yield to them). */
  readonly requests: RequestsInFlight;
}

/** The HTTP requests of this process (docs/performance.md#jobs): counted where the drain sees them. */
export interface RequestsInFlight {
  inFlight(): number;
  /** `Date.now()` when the last request came; 0 before the first. */
  lastAt(): number;
  /** Resolves when no request is being answered (at once when none is). */
  idle(): Promise<void>;
}

/** No server: no request ever (a worker process, a script, a test of the workers alone). */
export const NO_REQUESTS: RequestsInFlight = { inFlight: () => 0, lastAt: () => 0, idle: () => Promise.resolve() };

interface Connection {
  /** Requests of this connection not answered yet. */
  busy: number;
  idleSince: number;
}

/** Tracks the server's connections from now on (call before it listens); `start` drains them. */
export function connectionDrain(server: Server, options: DrainOptions): Drain {
  const open = new Map<Socket, Connection>();
  let draining = false;
  let listenerClosed = false;
  let running: Promise<void> | null = null;
  let inFlight = 0;
  let lastAt = 0;
  let idleWaiters: (() => void)[] = [];

  server.on('connection', (socket: Socket) => {
    open.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once('close', () => open.delete(socket));
  });
  // An upgraded connection (a websocket) is the realtime channel's to end, not an HTTP one.
  server.on('upgrade', (_req: IncomingMessage, socket: Socket) => {
    const c = open.get(socket);
    if (c) c.busy = 1;
  });
  // First of the request listeners, so the header is set before any handler answers.
  // One 'close' listener per request serves both the connection's count and the process's.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const c = open.get(req.socket);
    if (draining && listenerClosed && !res.headersSent) res.setHeader('connection', 'close');
    inFlight += 1;
    lastAt = Date.now();
    if (c) c.busy += 1;
    res.once('close', () => {
      inFlight -= 1;
      if (c) {
        c.busy -= 1;
        c.idleSince = Date.now();
      }
      if (inFlight === 0 && idleWaiters.length > 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const wake of waiters) wake();
      }
    });
  });
  const requests: RequestsInFlight = {
    inFlight: () => inFlight,
    lastAt: () => lastAt,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
  };

  async function run(): Promise<void> {
    draining = true;
    if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    // The plain TCP close: http.Server's own close would also drop every idle keep-alive connection
    // at once, each a race with a request the proxy may be writing on it.
    const drained = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    listenerClosed = true;
    options.onListenerClosed?.();
    const sweep = setInterval(() => {
      const now = Date.now();
      for (const [socket, c] of open) if (c.busy === 0 && now - c.idleSince >= options.idleMs) socket.destroy();
    }, 100);
    try {
      await drained;
    } finally {
      clearInterval(sweep);
    }
  }

  return {
    get draining() {
      return draining;
    },
    start: () => (running ??= run()),
    requests,
  };
}
