import type { ChatConnection } from './connection.js';

/** The shortest time between two sweeps, however short the re-check (a test asks for 0: every event). */
const MIN_SWEEP_MS = 20;

/**
 * Every open socket's session checked again on a timer, not only when the socket sends something
 * (docs/security.md#sessions): a staff console that only listens would otherwise keep receiving
 * every customer's messages after its session expired or was revoked outside the application. The
 * checks of one sweep go out together and the lookups batch them into one query; a socket checked
 * within the re-check time (by an event) is skipped.
 */
export function sessionSweep(everyMs: number, end: (conn: ChatConnection) => void) {
  const watched = new Set<ChatConnection>();
  const timer = setInterval(
    () => {
      for (const conn of watched) {
        if (conn.session.fresh()) continue;
        void conn.session.alive().then((alive) => {
          if (!alive && watched.delete(conn)) end(conn);
        });
      }
    },
    Math.max(everyMs, MIN_SWEEP_MS),
  );
  timer.unref();
  return {
    watch(conn: ChatConnection) {
      watched.add(conn);
      conn.socket.on('disconnect', () => watched.delete(conn));
    },
    close() {
      clearInterval(timer);
      watched.clear();
    },
  };
}
