import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_CHAT } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { members } from '../../src/db/schema.js';
import { resolveSession } from '../../src/features/auth/sessions.js';
import { issueQrLoginCode, redeemQrLoginCode } from '../../src/features/chat/qr-login.js';
import { resetMemberPassword } from '../../src/features/members/service.js';
import { cheapPasswordHash } from '../cheap-passwords.js';
import { makeCompany, randomPhone, type TestAccount } from '../member-helpers.js';
import { call, loginAs, sendPhoneCode, startTestServer, type TestServer } from '../helpers.js';

/**
 * A login that checked the old password never outlives a password change or reset
 * (docs/security.md#sessions): it makes its session with the member's row held and only while the
 * hash it checked is still the stored one, and each password write ends the sessions in the
 * transaction that writes the hash. Each interleaving is forced with locks held from a second
 * connection, never with timing: the change committed while the login waits to make its session, and
 * the change writing its hash while a login is under way. PGlite runs one statement at a time: these
 * races are PostgreSQL's.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** How many statements like `pattern` wait on a lock (read outside the holding transaction). */
const waitingOn = async (pattern: string) =>
  (
    await queryRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query like ${pattern}`,
    )
  )[0]!.n;

/** How many logins wait on a lock at the making of their session (a QR login's at the hold of the member before it). */
const loginHeld = async () =>
  (await waitingOn('%insert into "sessions"%')) + (await waitingOn('select % from "members" %for share'));

/** A company of its own whose accounts' passwords hash cheaply (its logins are judged at once). */
async function freshCompany(label: string) {
  const company = await makeCompany(server, label, 1);
  await server.db
    .update(members)
    .set({ passwordHash: cheapPasswordHash('pass1234') })
    .where(eq(members.companyId, company.companyId));
  return company;
}

/** A staff member of their own (the back office resets their password). */
async function newStaff(): Promise<TestAccount> {
  const id = `pwrace-${randomBytes(4).toString('hex')}@staff.test`;
  const account = { id, pw: 'staff5678', name: '상담원', phone: randomPhone() };
  const [row] = await server.db
    .insert(members)
    .values({
      loginId: id,
      passwordHash: cheapPasswordHash(account.pw),
      name: account.name,
      phone: account.phone,
      mail: id,
      role: 'staff',
      companyId: null,
    })
    .returning({ id: members.id });
  return { ...account, seq: row!.id };
}

const login = (account: TestAccount) => call(server, 'login', { id: account.id, pw: account.pw });

/** A login's answer: refused as a wrong password, or a token that no longer opens anything. */
async function expectNoLiveSession(res: Awaited<ReturnType<typeof login>>) {
  const token = (res.body.results as { token?: string } | undefined)?.token;
  if (token === undefined) expect(res.body).toEqual({ code: 400, message: MSG.loginFailed });
  else expect((await call(server, 'logout', {}, { token })).status).toBe(401);
}

describe.runIf(process.env.TEST_DATABASE_URL)('a login beside a password change', () => {
  it('a login that checked the old password, with the reset committed before its session is made, is refused', async () => {
    const { main, subs, companyId } = await freshCompany('PwRaceA');
    const sub = subs[0]!;
    const auth = (await resolveSession(server.db, await loginAs(server, main.id, main.pw)))!;
    let loggingIn: ReturnType<typeof login> | undefined;
    let reset: { pw: string } | undefined;
    await server.db.transaction(async (tx) => {
      // The account's row held: the login reads the old hash and checks it, then waits to make its session.
      await tx.execute(sql`select id from members where id = ${sub.seq} for update`);
      loggingIn = login(sub);
      await expect.poll(loginHeld, { timeout: 20_000, interval: 20 }).toBe(1);
      // The main account's reset (api/initMallMemberPw) is this transaction: it commits with the hold's end.
      reset = await resetMemberPassword(tx, server.ctx!.realtime, auth, companyId, sub.seq);
    });
    expect((await loggingIn!).body).toEqual({ code: 400, message: MSG.loginFailed });
    expect((await call(server, 'login', { id: sub.id, pw: reset!.pw })).body.code).toBe(200);
  });

  it('a QR login handed on from a session that the reset ends while the phone is being logged in is refused', async () => {
    const { main, subs, companyId } = await freshCompany('PwRaceQr');
    const sub = subs[0]!;
    const auth = (await resolveSession(server.db, await loginAs(server, main.id, main.pw)))!;
    const desktop = (await resolveSession(server.db, await loginAs(server, sub.id, sub.pw)))!;
    const { code } = await issueQrLoginCode(server.db, desktop);
    let redeeming: Promise<unknown> | undefined;
    await server.db.transaction(async (tx) => {
      // The account's row held: the phone's code is spent from a live session, then waits to make its own.
      await tx.execute(sql`select id from members where id = ${sub.seq} for update`);
      redeeming = redeemQrLoginCode(server.db, code).catch((err: unknown) => err);
      await expect.poll(loginHeld, { timeout: 20_000, interval: 20 }).toBe(1);
      await resetMemberPassword(tx, server.ctx!.realtime, auth, companyId, sub.seq);
    });
    expect(await redeeming).toMatchObject({ status: 400, message: MSG_CHAT.qrLoginFailed });
  });

  /**
   * Each password write, readied before the test's hold (its caller's session, its phone code): the
   * account whose password it replaces, and the call.
   */
  type Ready = { account: TestAccount; change: () => Promise<{ status: number }> };
  const changes: [string, () => Promise<Ready>][] = [
    [
      'api/updateMyPassword',
      async () => {
        const account = (await freshCompany('PwRaceOwn')).subs[0]!;
        const token = await loginAs(server, account.id, account.pw);
        const form = { opw: account.pw, pw: 'newpass99', cpw: 'newpass99' };
        return { account, change: () => call(server, 'updateMyPassword', form, { token }) };
      },
    ],
    [
      'api/initMallMemberPw',
      async () => {
        const { main, subs } = await freshCompany('PwRaceInit');
        const token = await loginAs(server, main.id, main.pw);
        return { account: subs[0]!, change: () => call(server, 'initMallMemberPw', { seq: subs[0]!.seq }, { token }) };
      },
    ],
    [
      'api/findMemberPw',
      async () => {
        const account = (await freshCompany('PwRaceFind')).subs[0]!;
        const authCode = await sendPhoneCode(server, account.phone, 'find');
        const form = { phone: account.phone, authCode, pw: 'newpass99', cpw: 'newpass99' };
        return { account, change: () => call(server, 'findMemberPw', form) };
      },
    ],
    [
      'api/admin/resetStaffPassword',
      async () => {
        const account = await newStaff();
        const token = await loginAs(server, 'admin@partsmall.kr', 'admin1234');
        return { account, change: () => call(server, 'adminResetStaffPassword', { seq: account.seq }, { token }) };
      },
    ],
  ];

  it.each(changes)(
    'a login whose session is being made when %s writes the new password has that session ended with the others',
    async (_name, ready) => {
      const { account, change } = await ready();
      const before = await loginAs(server, account.id, account.pw);
      let loggingIn: ReturnType<typeof login> | undefined;
      let changing: Promise<{ status: number }> | undefined;
      await server.db.transaction(async (tx) => {
        // Sessions held: the login has checked the password and waits to write its session; the change,
        // begun after it, writes the new password while the login is under way and waits to end the sessions.
        await tx.execute(sql`lock table sessions in share mode`);
        loggingIn = login(account);
        await expect.poll(loginHeld, { timeout: 20_000, interval: 20 }).toBe(1);
        changing = change();
        await expect
          .poll(async () => (await waitingOn('update "members"%')) + (await waitingOn('update "sessions"%')), {
            timeout: 20_000,
            interval: 20,
          })
          .toBe(1);
      });
      expect((await changing!).status).toBe(200);
      await expectNoLiveSession(await loggingIn!);
      expect((await call(server, 'logout', {}, { token: before })).status).toBe(401);
    },
  );
});
