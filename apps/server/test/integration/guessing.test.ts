import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@partsmall/contract';
import { members, rateEvents } from '../../src/db/schema.js';
import { LOGIN_GUESS } from '../../src/features/auth/service.js';
import { beginGuess, guessDelaySec, type GuessPolicy } from '../../src/shared/rate-limit.js';
import {
  call,
  fromAddress,
  latestCode,
  newAddress,
  sendPhoneCode,
  startTestServer,
  type TestServer,
} from '../helpers.js';
import { makeCompany, randomLicense, randomPhone } from '../member-helpers.js';

/**
 * Guessing is throttled without handing an attacker a lockout (docs/security.md#password-guessing, ASVS 5.0 V6.3,
 * docs/security.md#password-guessing), and the chat sign-up neither floods nor claims a phone number (item 4).
 * The test server believes one proxy, so X-Forwarded-For picks the caller's address.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const login = (id: string, pw: string, address: string) =>
  call(server, 'login', { id, pw }, { headers: fromAddress(address) });
const status = async (id: string, pw: string, address: string) => (await login(id, pw, address)).status;

async function failFrom(id: string, address: string, times: number) {
  for (let i = 0; i < times; i++) expect(await status(id, `wrong${i}pw`, address)).toBe(400);
}

describe('the delay after a number of failures of one account', () => {
  it('is none up to 10 failures, then 1 s doubling with every failure, at most 5 minutes', () => {
    const expected: [number, number][] = [
      [0, 0],
      [9, 0],
      [10, 1],
      [11, 2],
      [12, 4],
      [15, 32],
      [18, 256],
      [19, 300],
      [40, 300],
    ];
    expect(expected.map(([n]) => [n, guessDelaySec(LOGIN_GUESS, n)])).toEqual(expected);
  });
});

describe('login guessing', () => {
  it('30 wrong passwords from six addresses do not lock the owner out: a correct login from another address works', async () => {
    const shop = await makeCompany(server, '표적', 0);
    const answers: number[] = [];
    for (const a of Array.from({ length: 6 }, () => newAddress())) {
      for (let i = 0; i < 5; i++) answers.push(await status(shop.main.id, `wrong${i}pw`, a));
    }
    // The first ten are judged; past them each address is held back by the growing delay.
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(answers.slice(10).every((s) => s === 400 || s === 429)).toBe(true);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
    const owner = await login(shop.main.id, 'pass1234', newAddress());
    expect([owner.status, owner.body.code]).toEqual([200, 200]);
  });

  it('the same account logging in four times at once from one address (tabs, a retry): every login succeeds (no deadlock, no 500)', async () => {
    // 600 logins: the account's hash is at the test-only cheap cost (test/cheap-passwords.ts), which
    // changes nothing of what is raced here (the counting and clearing of attempts).
    const shop = await makeCompany(server, '동시', 2, { cheapPasswords: true });
    const address = newAddress();
    // Each login counts its attempt, then clears the account's counts on success: the clearing of
    // one must not wait on another's rows while that one waits on its own (a deadlock, answered 500).
    for (let round = 0; round < 150; round++) {
      const answers = await Promise.all(Array.from({ length: 4 }, () => login(shop.main.id, 'pass1234', address)));
      expect(answers.map((a) => [a.status, a.body.code])).toEqual(Array(4).fill([200, 200]));
    }
  }, 60_000);

  it('five failures from one address refuse that address for that account, even with the right password; nobody else', async () => {
    const shop = await makeCompany(server, '엄격', 1);
    const guesser = newAddress();
    await failFrom(shop.main.id, guesser, 5);
    const refused = await login(shop.main.id, 'pass1234', guesser);
    expect([refused.status, refused.body]).toEqual([429, { code: 429, message: MSG.loginTooMany }]);
    // The same address may still log in to another account, and the owner elsewhere too.
    expect(await status(shop.subs[0]!.id, 'pass1234', guesser)).toBe(200);
    expect(await status(shop.main.id, 'pass1234', newAddress())).toBe(200);
  });

  it('30 failures from one proxy address do not lock the people behind it', async () => {
    const proxy = newAddress();
    for (let i = 0; i < 6; i++) await failFrom(`nobody${i}@nowhere.kr`, proxy, 5);
    const colleague = await makeCompany(server, '동료', 0);
    expect(await status(colleague.main.id, 'pass1234', proxy)).toBe(200);
  });

  it('an address that has been guessing waits a growing delay on an account under attack; the owner does not', async () => {
    const shop = await makeCompany(server, '지연', 0);
    for (const a of [newAddress(), newAddress()]) await failFrom(shop.main.id, a, 5);
    // Five more failures from elsewhere: fifteen in all, a delay of 32 s.
    await server.db
      .insert(rateEvents)
      .values(Array.from({ length: 5 }, () => ({ key: `login:subject:${shop.main.id}` })));
    // This address failed once elsewhere: it has been guessing.
    const guesser = newAddress();
    await failFrom('someone@else.kr', guesser, 1);
    const held = await login(shop.main.id, 'pass1234', guesser);
    expect([held.status, held.body]).toEqual([429, { code: 429, message: MSG.tooMany }]);
    // The owner, from an address that has not been guessing, gets in at once.
    expect(await status(shop.main.id, 'pass1234', newAddress())).toBe(200);
    // Once the delay has passed (the failures are made older), the guesser is judged again.
    await server.db
      .update(rateEvents)
      .set({ createdAt: sql`${rateEvents.createdAt} - interval '40 seconds'` })
      .where(eq(rateEvents.key, `login:subject:${shop.main.id}`));
    expect(await status(shop.main.id, 'pass1234', guesser)).toBe(200);
  });

  it('a spraying address past 100 failures gets nothing but the accounts that logged in from it before', async () => {
    const office = newAddress();
    const regular = await makeCompany(server, '단골', 0);
    expect(await status(regular.main.id, 'pass1234', office)).toBe(200);
    await server.db
      .insert(rateEvents)
      .values(Array.from({ length: LOGIN_GUESS.addressMax }, () => ({ key: `login:address:${office}` })));
    const newcomer = await makeCompany(server, '신규', 0);
    expect(await status(newcomer.main.id, 'pass1234', office)).toBe(429);
    expect(await status(regular.main.id, 'pass1234', office)).toBe(200);
    // From anywhere else the newcomer gets in.
    expect(await status(newcomer.main.id, 'pass1234', newAddress())).toBe(200);
  });
});

describe('the guessing rules at a fixed moment', () => {
  const policy: GuessPolicy = { ...LOGIN_GUESS, scope: 'unit' };
  const now = new Date('2026-11-22T05:00:00Z');
  const ago = (sec: number) => new Date(now.getTime() - sec * 1000);
  let subjectNo = 0;

  /** A subject with `failures` failures from other addresses, the last one `lastAgoSec` before now. */
  async function attacked(failures: number, lastAgoSec: number): Promise<string> {
    const subject = `subject${++subjectNo}`;
    await server.db.insert(rateEvents).values(
      Array.from({ length: failures }, (_, i) => ({
        key: `unit:subject:${subject}`,
        createdAt: ago(lastAgoSec + (failures - 1 - i)),
      })),
    );
    return subject;
  }
  /** An address with one failure of its own on another subject: it has been guessing. */
  async function guessingAddress(): Promise<string> {
    const address = newAddress();
    await server.db.insert(rateEvents).values({ key: `unit:address:${address}`, createdAt: ago(1) });
    return address;
  }
  const judged = async (subject: string, address: string) =>
    (await beginGuess(server.db, policy, subject, address, now)).refused;

  it('holds a guessing address until the delay of the failure count has passed since the last failure', async () => {
    // 17 failures: 128 s; 18 failures: 256 s.
    expect(await judged(await attacked(17, 200), await guessingAddress())).toBeNull();
    expect(await judged(await attacked(18, 200), await guessingAddress())).toBe('delay');
    expect(await judged(await attacked(18, 257), await guessingAddress())).toBeNull();
    // 9 failures: no delay at all.
    expect(await judged(await attacked(9, 0), await guessingAddress())).toBeNull();
  });

  it('lets a fresh address, and an address the subject succeeded from, through the delay', async () => {
    expect(await judged(await attacked(18, 200), newAddress())).toBeNull();
    const subject = await attacked(18, 200);
    const home = await guessingAddress();
    await server.db.insert(rateEvents).values({ key: `unit:known:${subject}|${home}`, createdAt: ago(86_400) });
    expect(await judged(subject, home)).toBeNull();
  });

  it('counts an admitted guess as a failure until it succeeds', async () => {
    const subject = `subject${++subjectNo}`;
    const address = newAddress();
    for (let i = 0; i < policy.pairMax; i++) expect(await judged(subject, address)).toBeNull();
    expect(await judged(subject, address)).toBe('pair');
    const other = newAddress();
    const attempt = await beginGuess(server.db, policy, subject, other, now);
    await attempt.succeeded();
    const keys = (
      await server.db
        .select({ key: rateEvents.key })
        .from(rateEvents)
        .where(sql`${rateEvents.key} like ${`unit:%${subject}%`}`)
    ).map((r) => r.key);
    expect(keys.filter((k) => k === `unit:subject:${subject}`)).toHaveLength(policy.pairMax);
    expect(keys).toContain(`unit:known:${subject}|${other}`);
  });
});

describe('api/chatJoin', () => {
  const form = (over: Record<string, unknown> = {}) => {
    const phone = randomPhone();
    return {
      id: `chat${phone.slice(-8)}@quick.kr`,
      pw: 'chat1234',
      cpw: 'chat1234',
      phone,
      companyName: '빠른상사',
      companyArea: '대구',
      ...over,
    };
  };

  it('takes five sign-ups an hour from one address, then answers 429 and makes nothing; other addresses go on', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++)
      expect((await call(server, 'chatJoin', form(), { headers: fromAddress(address) })).body.code).toBe(200);
    const sixth = form();
    const refused = await call(server, 'chatJoin', sixth, { headers: fromAddress(address) });
    expect([refused.status, refused.body]).toEqual([429, { code: 429, message: MSG.tooMany }]);
    expect(await server.db.select().from(members).where(eq(members.loginId, sixth.id))).toEqual([]);
    expect((await call(server, 'chatJoin', form(), { headers: fromAddress(newAddress()) })).body.code).toBe(200);
  });

  it('counts IPv6 clients by their /64: five addresses of one network are one client, the next network another', async () => {
    const net = '2001:db8:77:1';
    for (let i = 1; i <= 5; i++)
      expect((await call(server, 'chatJoin', form(), { headers: fromAddress(`${net}::${i}`) })).body.code).toBe(200);
    const sixth = form();
    const refused = await call(server, 'chatJoin', sixth, { headers: fromAddress(`${net}:ab:cd:ef:1234`) });
    expect([refused.status, refused.body]).toEqual([429, { code: 429, message: MSG.tooMany }]);
    expect(await server.db.select().from(members).where(eq(members.loginId, sixth.id))).toEqual([]);
    expect((await call(server, 'chatJoin', form(), { headers: fromAddress('2001:db8:77:2::1') })).body.code).toBe(200);
  });

  it("a phone claimed without a code does not block its real owner's verified sign-up", async () => {
    const phone = randomPhone();
    const squatted = form({ phone });
    const squatter = await call(server, 'chatJoin', squatted, { headers: fromAddress(newAddress()) });
    expect(squatter.body.code).toBe(200);
    const code = await sendPhoneCode(server, phone);
    const license = randomLicense();
    const owner = {
      license,
      companyName: '진짜상사',
      companyArea: '서울',
      id: 'owner@real.kr',
      pw: 'owner123',
      cpw: 'owner123',
      phone,
      authCode: code,
      policy: true,
      privacy: true,
    };
    const joined = await call(server, 'join', owner);
    expect([joined.status, joined.body.code]).toEqual([200, 201]);
    const rows = await server.db
      .select({ loginId: members.loginId, verified: members.phoneVerified })
      .from(members)
      .where(eq(members.phone, phone))
      .orderBy(members.id);
    expect(rows).toEqual([
      { loginId: expect.stringMatching(/@quick\.kr$/), verified: false },
      { loginId: 'owner@real.kr', verified: true },
    ]);
    // Finding the id by that phone names both accounts, oldest first (docs/security.md#sessions); a
    // verified number still refuses a chat sign-up.
    await call(server, 'mobileVerificationInq', { phone, authType: 'message' });
    const found = await call(server, 'findMemberId', {
      phone,
      authCode: await latestCode(server, phone),
    });
    expect(found.body.results).toEqual({ id: `${squatted.id}, owner@real.kr`, ids: [squatted.id, 'owner@real.kr'] });
    const again = await call(server, 'chatJoin', form({ phone }), { headers: fromAddress(newAddress()) });
    expect(again.body).toEqual({ code: 499, message: MSG.phoneInUse, field: 'phone' });
  });

  it('a chat account proves its phone by finding its id with a code', async () => {
    const phone = randomPhone();
    const made = form({ phone });
    expect((await call(server, 'chatJoin', made, { headers: fromAddress(newAddress()) })).body.code).toBe(200);
    await call(server, 'mobileVerificationInq', { phone, authType: 'message' });
    const found = await call(server, 'findMemberId', {
      phone,
      authCode: await latestCode(server, phone),
    });
    expect(found.body.results).toEqual({ id: made.id });
    const [row] = await server.db
      .select({ verified: members.phoneVerified })
      .from(members)
      .where(eq(members.loginId, made.id));
    expect(row!.verified).toBe(true);
  });
});

describe('numbers typed in the member area', () => {
  it('are stored unproved, so they do not block the real owner either', async () => {
    const shop = await makeCompany(server, '변경', 0);
    const token = (await login(shop.main.id, 'pass1234', newAddress())).body.results as { token: string };
    const phone = randomPhone();
    const res = await call(
      server,
      'updateMyInfo',
      { name: '김변경', phone, mail: 'change@test.kr' },
      { token: token.token },
    );
    expect(res.body.code).toBe(201);
    const [row] = await server.db
      .select({ verified: members.phoneVerified })
      .from(members)
      .where(eq(members.id, shop.main.seq));
    expect(row!.verified).toBe(false);
    const code = await sendPhoneCode(server, phone);
    const joined = await call(server, 'join', {
      license: randomLicense(),
      companyName: '주인상사',
      companyArea: '부산',
      id: 'phoneowner@real.kr',
      pw: 'owner123',
      cpw: 'owner123',
      phone,
      authCode: code,
      policy: true,
      privacy: true,
    });
    expect(joined.body.code).toBe(201);
  });
});
