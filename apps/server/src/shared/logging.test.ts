import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger, redactQueryValues } from './logging.js';

describe('redactQueryValues', () => {
  it('replaces every query value of every address in a JSON line, keeping the names', () => {
    const line = JSON.stringify({
      msg: 'opened /pay/1?key=abc&x=1 then https://s.kr/api/chatFile/2/thumb?exp=99&sig=Zz-_9',
      req: { url: '/a?b=c%20d' },
    });
    expect(JSON.parse(redactQueryValues(line))).toEqual({
      msg: 'opened /pay/1?key=[Redacted]&x=[Redacted] then https://s.kr/api/chatFile/2/thumb?exp=[Redacted]&sig=[Redacted]',
      req: { url: '/a?b=[Redacted]' },
    });
  });

  it('leaves lines without a query alone, and an empty value stays empty', () => {
    const plain = JSON.stringify({ msg: 'total=3 items, a == b', url: '/a?flag&empty=' });
    expect(redactQueryValues(plain)).toBe(plain);
  });
});

describe('lazyRequestLogger', () => {
  /** A pino logger writing JSON lines into `lines`, with its child() counted. */
  function parentLogger(level: string) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    // Fastify's own logger (pino), as the server makes it.
    const parent = Fastify({ logger: { level, stream } }).log;
    const child = vi.spyOn(parent, 'child');
    return { parent, lines, child };
  }

  it('makes no child for a request that writes nothing, and reads its level from the parent', () => {
    const { parent, lines, child } = parentLogger('warn');
    const log = lazyRequestLogger(parent, { reqId: 'r-1' }, {});
    expect(log.level).toBe('warn');
    expect([child.mock.calls.length, lines.length]).toEqual([0, 0]);
  });

  it('makes one child on the first line, with the bindings, and writes every line through it', async () => {
    const { parent, lines, child } = parentLogger('info');
    const log = lazyRequestLogger(parent, { reqId: 'r-2' }, {});
    log.info({ n: 1 }, 'first');
    log.warn('second %s', 'line');
    log.debug('below the level');
    await new Promise((resolve) => setImmediate(resolve));
    expect(child.mock.calls).toEqual([[{ reqId: 'r-2' }, {}]]);
    expect(lines.map((l) => [l.reqId, l.level, l.msg, l.n])).toEqual([
      ['r-2', 30, 'first', 1],
      ['r-2', 40, 'second line', undefined],
    ]);
  });

  it("a level set on the request's logger holds for its lines, not the parent's", async () => {
    const { parent, lines } = parentLogger('info');
    const log = lazyRequestLogger(parent, { reqId: 'r-3' }, {});
    log.level = 'debug';
    log.debug('now shown');
    parent.debug('parent still at info');
    await new Promise((resolve) => setImmediate(resolve));
    expect([log.level, parent.level, lines.map((l) => l.msg)]).toEqual(['debug', 'info', ['now shown']]);
  });
});
