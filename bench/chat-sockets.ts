import { io, type Socket } from 'socket.io-client';

/**
 * A benchmark socket on /chat (WebSocket only, no reconnection), resolved once connected. It goes
 * into `keep` at once, connected or not, so the caller can close it at the end; `onDrop` counts a
 * disconnect after the connection.
 */
export function openChatSocket(url: string, auth: object, keep: Socket[], onDrop: () => void): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, { auth, transports: ['websocket'], forceNew: true, reconnection: false });
    keep.push(s);
    s.once('connect', () => {
      s.on('disconnect', onDrop);
      resolve(s);
    });
    s.once('connect_error', reject);
  });
}

/** Opens sockets 200 at a time (each group waits for the one before), as customers arrive in a storm. */
export async function openInGroups<T>(
  items: T[],
  open: (item: T, index: number) => Promise<Socket>,
): Promise<Socket[]> {
  const opened: Socket[] = [];
  for (let i = 0; i < items.length; i += 200)
    opened.push(...(await Promise.all(items.slice(i, i + 200).map((item, k) => open(item, i + k)))));
  return opened;
}
