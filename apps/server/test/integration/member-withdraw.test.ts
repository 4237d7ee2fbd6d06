import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT, MSG, MSG_MEMBER, ORDER_STATUS } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { cashLedger, companies, members, orders, sessions } from '../../src/db/schema.js';
import { hashToken } from '../../src/features/auth/sessions.js';
import { call, loginAs, startTestServer, until, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';

/** api/WithdrawMember (docs/requirements.md#withdrawal): the four agreements, the typed name, and what leaves. */
let server: TestServer;

const agreed = { agree1: true, agree2: true, agree3: true, agree4: true };
const withdraw = (token: string, body: Record<string, unknown>) =>
  call(server, 'POST', 'api/WithdrawMember', body, token);
const works = async (token: string) => (await call(server, 'POST', 'api/getMyShippingInfo', {}, token)).status === 200;
const memberStatus = async (seq: number) =>
  (await server.db.select().from(members).where(eq(members.id, seq)))[0]!.status;
const companyRow = async (id: number) => (await server.db.select().from(companies).where(eq(companies.id, id)))[0]!;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('api/WithdrawMember', () => {
  it('refuses a missing agreement, a blank or a wrong name, and changes nothing', async () => {
    const shop = await makeCompany(server, '탈퇴거절', 1);
    const token = await loginAs(server, shop.main.id, shop.main.pw);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...agreed, agree3: false, userName: shop.main.name }, MSG_MEMBER.agreeRequired],
      [{ agree1: true, agree2: true, agree4: true, userName: shop.main.name }, MSG_MEMBER.agreeRequired],
      [{ ...agreed, userName: '' }, MSG_MEMBER.userNameRequired],
      [{ ...agreed, userName: '   ' }, MSG_MEMBER.userNameRequired],
      [{ ...agreed, userName: `${shop.main.name}님` }, MSG_MEMBER.userNameMismatch],
      [{ ...agreed, userName: shop.subs[0]!.name }, MSG_MEMBER.userNameMismatch],
    ];
    for (const [body, message] of cases) {
      const res = await withdraw(token, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect(await memberStatus(shop.main.seq)).toBe('active');
    expect(await memberStatus(shop.subs[0]!.seq)).toBe('active');
    expect((await companyRow(shop.companyId)).withdrawnAt).toBeNull();
    expect(await works(token)).toBe(true);
  });

  it('a sub-account leaves alone: its sessions end and it cannot log in; the company goes on', async () => {
    const shop = await makeCompany(server, '부계정탈퇴', 1);
    const sub = shop.subs[0]!;
    const subToken = await loginAs(server, sub.id, sub.pw);
    const mainToken = await loginAs(server, shop.main.id, shop.main.pw);
    const res = await withdraw(subToken, { ...agreed, userName: ` ${sub.name} ` });
    expect([res.status, res.body.code, res.body.message]).toEqual([200, 201, MSG_MEMBER.withdrawn]);
    expect(await works(subToken)).toBe(false);
    const login = await call(server, 'login', { id: sub.id, pw: sub.pw });
    expect([login.status, login.body.message]).toEqual([400, MSG.loginFailed]);
    expect(await works(mainToken)).toBe(true);
    expect((await companyRow(shop.companyId)).withdrawnAt).toBeNull();
    // The main account's list no longer shows the withdrawn account.
    const list = await call(server, 'getMallMemberInfo', { page: 1 }, { token: mainToken });
    expect(list.body.results?.map((m) => m.id)).toEqual([shop.main.id]);
  });

  it('a main account takes the company and every account along; the records stay; the number may join again', async () => {
    const shop = await makeCompany(server, '회사탈퇴', 2);
    await server.db
      .insert(cashLedger)
      .values({ companyId: shop.companyId, type: 'point', amount: 50000, balanceAfter: 50000, note: '충전' });
    const tokens = await Promise.all([shop.main, ...shop.subs].map((a) => loginAs(server, a.id, a.pw)));
    expect((await call(server, 'checkLicense', { license: shop.license })).body.code).toBe(400);

    const res = await withdraw(tokens[0]!, { ...agreed, userName: shop.main.name });
    expect([res.status, res.body.code, res.body.message]).toEqual([200, 201, MSG_MEMBER.withdrawn]);
    for (const token of tokens) expect(await works(token)).toBe(false);
    for (const account of [shop.main, ...shop.subs]) {
      expect(await memberStatus(account.seq)).toBe('withdrawn');
      expect((await call(server, 'login', { id: account.id, pw: account.pw })).body.message).toBe(MSG.loginFailed);
    }
    expect((await companyRow(shop.companyId)).withdrawnAt).toBeInstanceOf(Date);
    // Kept for the retention periods of the terms.
    expect(await server.db.select().from(cashLedger).where(eq(cashLedger.companyId, shop.companyId))).toHaveLength(1);
    expect((await call(server, 'checkLicense', { license: shop.license })).body.code).toBe(200);
  });

  it('a second delivery with the revoked token is refused and withdraws nobody else', async () => {
    const shop = await makeCompany(server, '중복탈퇴', 0);
    const other = await makeCompany(server, '남는회사', 0);
    const token = await loginAs(server, shop.main.id, shop.main.pw);
    const answers = await Promise.all([1, 2, 3].map(() => withdraw(token, { ...agreed, userName: shop.main.name })));
    // Exactly one withdraws: a delivery that passed the session check before the first committed
    // finds the account gone once it has the company's lock.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
    expect(answers.filter((a) => a.body.code === 201)).toHaveLength(1);
    expect((await withdraw(token, { ...agreed, userName: shop.main.name })).status).toBe(401);
    expect(await memberStatus(other.main.seq)).toBe('active');
  });
});

describe('api/WithdrawMember: the password again for a session older than 10 minutes', () => {
  /** Moves the login of the token's session `seconds` into the past. */
  const ageSession = (token: string, seconds: number) =>
    server.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - seconds * 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
  const check = async (token: string) => (await call(server, 'withdrawCheck', {}, { token })).body.results!.pwRequired;

  it('at 9 min 50 s the original payload alone withdraws; at 10 min 10 s it asks for the password', async () => {
    const fresh = await makeCompany(server, '탈퇴9분', 0);
    const freshToken = await loginAs(server, fresh.main.id, fresh.main.pw);
    await ageSession(freshToken, 590);
    expect(await check(freshToken)).toBe(false);
    const done = await withdraw(freshToken, { ...agreed, userName: fresh.main.name });
    expect([done.status, done.body.code]).toEqual([200, 201]);

    const old = await makeCompany(server, '탈퇴11분', 1);
    const token = await loginAs(server, old.main.id, old.main.pw);
    await ageSession(token, 610);
    expect(await check(token)).toBe(true);
    for (const body of [
      { ...agreed, userName: old.main.name },
      { ...agreed, userName: old.main.name, pw: '' },
    ]) {
      const res = await withdraw(token, body);
      expect([res.status, res.body.field, res.body.message]).toEqual([400, 'pw', MSG_MEMBER.withdrawPasswordRequired]);
    }
    const wrong = await withdraw(token, { ...agreed, userName: old.main.name, pw: 'wrong-pass' });
    expect([wrong.status, wrong.body.field, wrong.body.message]).toEqual([400, 'pw', MSG_MEMBER.withdrawPasswordWrong]);
    expect(await memberStatus(old.main.seq)).toBe('active');
    expect((await companyRow(old.companyId)).withdrawnAt).toBeNull();
    expect(await works(token)).toBe(true);
    const right = await withdraw(token, { ...agreed, userName: old.main.name, pw: old.main.pw });
    expect([right.status, right.body.code, right.body.message]).toEqual([200, 201, MSG_MEMBER.withdrawn]);
    expect(await memberStatus(old.subs[0]!.seq)).toBe('withdrawn');
    expect((await companyRow(old.companyId)).withdrawnAt).not.toBeNull();
  });

  it('wrong passwords count toward the limit of the current password: then even the right one waits', async () => {
    const shop = await makeCompany(server, '탈퇴추측', 0);
    const token = await loginAs(server, shop.main.id, shop.main.pw);
    await ageSession(token, 3600);
    for (let i = 0; i < LOGIN_LIMIT.maxFailures; i++) {
      const res = await withdraw(token, { ...agreed, userName: shop.main.name, pw: `guess-${i}` });
      expect([res.status, res.body.message]).toEqual([400, MSG_MEMBER.withdrawPasswordWrong]);
    }
    const blocked = await withdraw(token, { ...agreed, userName: shop.main.name, pw: shop.main.pw });
    expect([blocked.status, blocked.body.message]).toEqual([429, MSG_MEMBER.opwTooMany]);
    // The password change reads the same counter.
    const change = await call(
      server,
      'updateMyPassword',
      { opw: shop.main.pw, pw: 'newpass99', cpw: 'newpass99' },
      { token },
    );
    expect([change.status, change.body.message]).toEqual([429, MSG_MEMBER.opwTooMany]);
    expect(await memberStatus(shop.main.seq)).toBe('active');
  });

  it("my info's answered token and a QR login on the phone keep the age of the login they came from", async () => {
    const shop = await makeCompany(server, '탈퇴갱신', 1);
    const token = await loginAs(server, shop.main.id, shop.main.pw);
    await ageSession(token, 1200);
    const renewed = await call(
      server,
      'updateMyInfo',
      { name: shop.main.name, phone: '01055501234', mail: 'renew@test.kr' },
      { token },
    );
    expect(renewed.body.code).toBe(201);
    const next = renewed.body.results!.token;
    expect(await check(next)).toBe(true);
    const issued = await call(server, 'qrcodeLoginCode', {}, { token: next });
    const phone = await call(server, 'qrcodeLogin', {
      token: issued.body.results!.code,
    });
    const phoneToken = phone.body.results!.token;
    expect(await check(phoneToken)).toBe(true);
    const res = await withdraw(phoneToken, { ...agreed, userName: shop.main.name });
    expect([res.status, res.body.message]).toEqual([400, MSG_MEMBER.withdrawPasswordRequired]);
    expect((await companyRow(shop.companyId)).withdrawnAt).toBeNull();
    // A new login is fresh again.
    expect(await check(await loginAs(server, shop.main.id, shop.main.pw))).toBe(false);
  });
});

describe('a company withdrawing while staff refund one of its orders (docs/architecture.md#the-money-path)', () => {
  it('waits for the refund instead of ending in a deadlock: both finish', async () => {
    const shop = await makeCompany(server, '탈퇴환불', 0);
    const token = await loginAs(server, shop.main.id, shop.main.pw);
    const product = await makeProduct(server, { tiers: [8100, 8100, 8100, 8100], salePrice: 8100 });
    const orderId = await insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: ORDER_STATUS.purchaseRequest,
      productId: product.id,
    });
    // An order move's transaction (staff cancel it): the order row first, then the company row (its
    // refund). Cancelled, the order no longer holds the withdrawal back (docs/requirements.md#withdrawal).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const orderLocked = new Promise<void>((resolve) => (locked = resolve));
    const move = server.db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
      locked();
      await released;
      await tx
        .update(companies)
        .set({ point: sql`${companies.point}` })
        .where(eq(companies.id, shop.companyId));
      await tx.update(orders).set({ status: ORDER_STATUS.sellerCancelled }).where(eq(orders.id, orderId));
    });
    await orderLocked;
    const withdrawn = withdraw(token, { ...agreed, userName: shop.main.name });
    // The withdrawal is waiting for a lock before the move goes on to the company row.
    await until('the withdrawal waits', async () => {
      const [row] = await queryRows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return row!.n > 0;
    });
    release();
    await expect(move).resolves.toBeUndefined();
    expect((await withdrawn).body.code).toBe(201);
    expect(await memberStatus(shop.main.seq)).toBe('withdrawn');
  });
});
