import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ADMIN } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { members } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';

/**
 * An admin cannot reset their own password (docs/requirements.md#sub-accounts: nobody stops or resets
 * their own account): the reset retired the admin's own session before the one-time password was
 * shown, so the shop could lose its only admin.
 */
let server: TestServer;
let admin: string;
let adminSeq: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginAs(server, 'admin@partsmall.kr', 'admin1234');
  adminSeq = (
    await server.db.select({ id: members.id }).from(members).where(eq(members.loginId, 'admin@partsmall.kr'))
  )[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

describe('staff password reset of oneself', () => {
  it('is refused with a Korean message and changes nothing: same password, same session, no audit row', async () => {
    const refused = await call(server, 'POST', 'api/admin/resetStaffPassword', { seq: adminSeq }, admin);
    expect([refused.status, refused.body.message]).toEqual([
      400,
      '자기 계정의 비밀번호는 초기화할 수 없습니다. 다른 관리자에게 요청하세요.',
    ]);
    expect(refused.body.message).toBe(MSG_ADMIN.selfReset);
    expect(JSON.stringify(refused.body)).not.toContain('password');
    // The session lives on and the old password still logs in.
    expect((await call(server, 'POST', 'api/admin/dashboard', {}, admin)).status).toBe(200);
    expect(await loginAs(server, 'admin@partsmall.kr', 'admin1234')).toEqual(expect.any(String));
    const audit = await queryRows<{ action: string }>(
      server.db,
      sql`select action from admin_audit where target = ${`member:${adminSeq}`}`,
    );
    expect(audit).toEqual([]);
  });

  it("another admin's reset of the same account still works", async () => {
    const made = await call<{ seq: number; password: string }>(
      server,
      'POST',
      'api/admin/createStaff',
      { id: 'second.admin@partsmall.kr', name: '둘째관리자', phone: '01033334444', role: 'admin' },
      admin,
    );
    const second = await loginAs(server, 'second.admin@partsmall.kr', made.body.results!.password);
    const reset = await call<{ password: string }>(
      server,
      'POST',
      'api/admin/resetStaffPassword',
      { seq: adminSeq },
      second,
    );
    expect(reset.body.code).toBe(201);
    expect(await loginAs(server, 'admin@partsmall.kr', reset.body.results!.password)).toEqual(expect.any(String));
  });
});
