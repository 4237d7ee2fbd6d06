import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionDrain } from './drain.js';

/**
 * The drain's count of requests being answered is what the job workers yield to
 * (docs/performance.md#jobs): it rises when a request arrives, falls when its answer ends, and
 * `idle()` resolves only when the last one has.
 */
let server: http.Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

describe('connectionDrain().requests', () => {
  it('counts the requests being answered, and idle() waits for the last answer', async () => {
    const held: http.ServerResponse[] = [];
    server = http.createServer((_req, res) => held.push(res));
    const drain = connectionDrain(server, { delayMs: 0, idleMs: 1000 });
    expect(drain.requests.inFlight()).toBe(0);
    expect(drain.requests.lastAt()).toBe(0);
    await expect(drain.requests.idle()).resolves.toBeUndefined();

    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const before = Date.now();
    const get = () =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ port, host: '127.0.0.1', agent: false }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
    const first = get();
    const second = get();
    while (held.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(drain.requests.inFlight()).toBe(2);
    expect(drain.requests.lastAt()).toBeGreaterThanOrEqual(before);

    let idle = false;
    void drain.requests.idle().then(() => (idle = true));
    held[0]!.end('one');
    expect(await first).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(drain.requests.inFlight()).toBe(1);
    expect(idle).toBe(false);

    held[1]!.end('two');
    expect(await second).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(drain.requests.inFlight()).toBe(0);
    expect(idle).toBe(true);
  });
});
