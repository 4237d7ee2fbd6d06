import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error.js';

describe('loggableError', () => {
  const SECRET = 'scrypt$16384$8$1$c2FsdA$aGFzaA';
  const failed = () =>
    new DrizzleQueryError(
      'update "members" set "password_hash" = $1 where "members"."id" = $2',
      [SECRET, 42],
      Object.assign(new Error('duplicate key value violates unique constraint "members_phone_active"'), {
        code: '23505',
      }),
    );
  const logged = (err: unknown) => {
    let out = '';
    const stream = new Writable({ write: (chunk: Buffer, _e, done) => ((out += chunk.toString()), done()) });
    // Fastify's own logger (pino with its error serializer), as the server writes a 500's line.
    Fastify({ logger: { stream } }).log.error({ err: loggableError(err) }, 'unhandled error');
    return out;
  };

  it("leaves a failed query's values out of the line, and keeps the statement, the database's error and the frames", () => {
    const line = logged(failed());
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain('params');
    const { err } = JSON.parse(line) as { err: { message: string; stack: string } };
    // Pino's serializer writes the cause's message (the database's error) after the error's own.
    expect(err.message).toMatch(
      /^Failed query: update "members" set "password_hash" = \$1 where "members"\."id" = \$2/,
    );
    expect(err.message).toContain('members_phone_active');
    expect(err.stack).toMatch(/\n\s+at /);
  });

  it('passes any other error as it is', () => {
    const plain = new Error('다른 오류');
    expect(loggableError(plain)).toBe(plain);
    expect(logged(failed())).toContain('Failed query');
  });
});
