import { CALLS, type CallEntry } from '@partsmall/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/features/auth/sessions.js';
import { memberIdOf } from '../chat-helpers.js';
import { newAddress, startTestServer } from '../helpers.js';

/**
 * The same request twice at once (docs/security.md#hostile-input): every call of the table of calls,
 * its documented example sent twice concurrently by an account that may make it (the back office's
 * calls by admin or staff, the others by the demo company's main account, public calls by a visitor).
 * Neither answer may be a 5xx and both carry the envelope: a read-then-write that both requests
 * pass (two inserts of one key) shows here as the second request's 500, which no single request can.
 */
const server = await startTestServer();
afterAll(async () => {
  await server.close();
});

const ids = {
  member: await memberIdOf(server, 'demo@partsmall.kr'),
  staff: await memberIdOf(server, 'staff@partsmall.kr'),
  admin: await memberIdOf(server, 'admin@partsmall.kr'),
};

const roleOf = (e: CallEntry): keyof typeof ids | null =>
  e.access === 'public' ? null : e.access === 'admin' ? 'admin' : e.access === 'staff' ? 'staff' : 'member';

/**
 * Calls that end a session or an account, or stop the staff account: last, so that the calls before
 * them are made by accounts that still work.
 */
const ENDS_ACCOUNT = /withdraw|logout|password|staffstatus/i;
const calls = (Object.entries(CALLS) as [string, CallEntry][])
  .filter(([, e]) => !e.upload && !e.only)
  .sort(([a], [b]) => Number(ENDS_ACCOUNT.test(a)) - Number(ENDS_ACCOUNT.test(b)));

async function send(e: CallEntry, token: string | null) {
  const headers: Record<string, string> = { 'x-forwarded-for': newAddress() };
  if (token) headers.authorization = `Bearer ${token}`;
  let url = `${server.base}${e.path.replace(/:(\w+)/g, (_, name: string) => String(e.example[name] ?? 1))}`;
  let body: string | undefined;
  if (e.method === 'GET') {
    const q = new URLSearchParams(
      Object.entries(e.example).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    if (q) url += `?${q}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(e.example);
  }
  const res = await fetch(url, { method: e.method, headers, body });
  return { status: res.status, text: await res.text() };
}

describe('the same request twice at once', () => {
  it('walks the calls that write, the back office among them', () => {
    const names = calls.map(([name]) => name);
    expect(names.length).toBeGreaterThan(120);
    expect(names).toEqual(expect.arrayContaining(['addToCart', 'adminSavePaymentTerm', 'adminCreateStaff', 'join']));
  });

  it.each(calls)('%s: no 5xx, both answers in the envelope', async (_name, e) => {
    const role = roleOf(e);
    // Two sessions of one account, as two tabs or two staff at one desk would have.
    const tokens = role
      ? await Promise.all([1, 2].map(async () => (await createSession(server.db, ids[role])).token))
      : [null, null];
    const answers = await Promise.all(tokens.map((token) => send(e, token)));
    for (const a of answers) {
      expect(a.status, a.text.slice(0, 300)).toBeLessThan(500);
      if (a.text.startsWith('{')) expect(JSON.parse(a.text)).toMatchObject({ code: expect.any(Number) });
    }
  });
});
