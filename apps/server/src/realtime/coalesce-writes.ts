import type { Duplex } from 'node:stream';

/** Uncorks of the sockets written to in this tick; one nextTick runs them all. */
let pending: (() => void)[] = [];

function flushPending() {
  const now = pending;
  pending = [];
  for (const uncork of now) uncork();
}

/**
 * Writes made to one realtime connection while one callback and the promise continuations it
 * starts run leave as one write: the socket is corked at its first write and uncorked on the next
 * tick, once they are done. A group of chat messages stored together is delivered in one such run,
 * so each staff socket gets the group in one system call instead of one per message frame (under
 * the chat benchmark's load, writev was a third of the server's CPU). Nothing waits for a timer or
 * for other I/O; and as without it, a write's callback comes on the next tick, so Socket.IO's
 * volatile events (typing) are dropped no more often than before. All sockets written to in a tick
 * share one nextTick (a tick per socket was itself 3 % of the server's CPU).
 */
export function coalesceWritesPerTick(socket: Duplex): void {
  const write = socket.write as (...args: unknown[]) => boolean;
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  socket.write = function coalescedWrite(this: Duplex, ...args: unknown[]): boolean {
    if (!corked && !socket.destroyed) {
      corked = true;
      socket.cork();
      if (pending.push(uncork) === 1) process.nextTick(flushPending);
    }
    return write.apply(this, args);
  } as Duplex['write'];
}
