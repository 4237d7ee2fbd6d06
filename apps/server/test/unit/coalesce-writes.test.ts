import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesceWritesPerTick } from '../../src/realtime/coalesce-writes.js';

/** A connected TCP pair on loopback: `server` is the accepted side, `client` reads. */
async function tcpPair() {
  const listener = net.createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const accepted = new Promise<net.Socket>((resolve) => listener.once('connection', resolve));
  const client = net.connect((listener.address() as net.AddressInfo).port, '127.0.0.1');
  const server = await accepted;
  listener.close();
  return { server, client };
}

/** Counts the socket's calls into its stream implementation: one per system call it makes. */
function countWrites(socket: net.Socket) {
  const calls = { single: 0, vector: [] as number[] };
  const s = socket as unknown as {
    _write: (...a: unknown[]) => void;
    _writev: (chunks: unknown[], cb: unknown) => void;
  };
  const single = s._write.bind(socket);
  const vector = s._writev.bind(socket);
  s._write = (...a) => {
    calls.single++;
    single(...a);
  };
  s._writev = (chunks, cb) => {
    calls.vector.push(chunks.length);
    vector(chunks, cb);
  };
  return calls;
}

const received = (client: net.Socket, bytes: number) =>
  new Promise<string>((resolve) => {
    let text = '';
    client.on('data', (d: Buffer) => {
      text += d.toString();
      if (text.length >= bytes) resolve(text);
    });
  });

const nextTick = () => new Promise((resolve) => process.nextTick(resolve));

let open: net.Socket[] = [];
afterEach(() => {
  for (const s of open) s.destroy();
  open = [];
});

/** A TCP pair whose server side coalesces its writes, with its system calls counted; closed after the test. */
async function coalescedPair() {
  const { server, client } = await tcpPair();
  open.push(server, client);
  coalesceWritesPerTick(server);
  return { server, client, calls: countWrites(server) };
}

describe('coalesceWritesPerTick', () => {
  it('sends the writes of one tick in one system call, in order', async () => {
    const { server, client, calls } = await coalescedPair();
    const text = received(client, 10);
    for (const part of ['a1', 'b2', 'c3', 'd4', 'e5']) server.write(part);
    expect(calls).toEqual({ single: 0, vector: [] }); // held until the tick ends
    await nextTick();
    expect(calls).toEqual({ single: 0, vector: [5] });
    expect(await text).toBe('a1b2c3d4e5');
  });

  it('writes of two ticks leave in two system calls; the first is not held for the second', async () => {
    const { server, client, calls } = await coalescedPair();
    const text = received(client, 4);
    server.write('x1');
    await nextTick();
    expect(calls.single).toBe(1);
    server.write('y2');
    await nextTick();
    expect(calls).toEqual({ single: 2, vector: [] });
    expect(await text).toBe('x1y2');
  });

  it('a socket destroyed within the tick is left alone', async () => {
    const { server } = await coalescedPair();
    server.write('z');
    server.destroy();
    await nextTick();
    expect(server.destroyed).toBe(true);
    // The pending flush finds the socket gone and throws nothing; a later write reports its error.
    const error = await new Promise((resolve) => server.write('after', resolve));
    expect(error).toBeInstanceOf(Error);
  });
});

describe('coalesceWritesPerTick with several sockets', () => {
  it('each socket written to in a tick sends its writes in one system call of its own', async () => {
    const one = await coalescedPair();
    const two = await coalescedPair();
    const [callsOne, callsTwo] = [one.calls, two.calls];
    const [textOne, textTwo] = [received(one.client, 6), received(two.client, 4)];
    one.server.write('a1');
    two.server.write('x1');
    one.server.write('b2');
    two.server.write('y2');
    one.server.write('c3');
    await nextTick();
    expect(callsOne).toEqual({ single: 0, vector: [3] });
    expect(callsTwo).toEqual({ single: 0, vector: [2] });
    expect([await textOne, await textTwo]).toEqual(['a1b2c3', 'x1y2']);
  });
});
