import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CALLS, MSG, MSG_ADMIN, type AdminCall } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';

/**
 * The one permission table (docs/security.md#access-control) (ADMIN_CALLS), member/staff/admin/visitor × every admin
 * call, generated from the table. Refusals come before the body is read (a broken body still gets
 * 401/403), and an allowed role never gets 401/403 nor 500, whatever the (empty) body.
 */
let server: TestServer;
const tokens: Record<'member' | 'staff' | 'admin', string> = { member: '', staff: '', admin: '' };
const CALLS = Object.entries(ADMIN_CALLS) as [AdminCall, (typeof ADMIN_CALLS)[AdminCall]][];

beforeAll(async () => {
  server = await startTestServer();
  const shop = await makeCompany(server, '권한표', 0);
  [tokens.member, tokens.staff, tokens.admin] = await Promise.all([
    loginAs(server, shop.main.id, shop.main.pw),
    loginAs(server, 'staff@partsmall.kr', 'staff1234'),
    loginAs(server, 'admin@partsmall.kr', 'admin1234'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

const auditCount = async () =>
  Number((await queryRows<{ n: string }>(server.db, sql`select count(*)::text as n from admin_audit`))[0]!.n);

describe('the permission table is the routes', () => {
  it('every /api/admin route is in ADMIN_CALLS with the same access, and every entry is a route', () => {
    const routes = server.app.accessTable.filter((r) => r.url.startsWith('/api/admin/'));
    const fromRoutes = routes.map((r) => `${r.url} ${r.access}`).sort();
    const fromTable = CALLS.map(([, c]) => `${c.path} ${c.role}`).sort();
    expect(fromRoutes).toEqual(fromTable);
  });
});

describe.each(CALLS)('%s', (name, c) => {
  const path = c.path.slice(1);
  it('visitor: 401 even with a broken body', async () => {
    const res = await call(server, 'POST', path, { seq: 'x', page: -1 });
    expect([res.status, res.body.code]).toEqual([401, 401]);
  });
  it('member: 403 even with a broken body, nothing written', async () => {
    const before = await auditCount();
    const res = await call(server, 'POST', path, { seq: 'x' }, tokens.member);
    expect([res.status, res.body.code]).toEqual([403, 403]);
    expect(await auditCount()).toBe(before);
  });
  it(`staff: ${c.role === 'admin' ? '403 with the admin-only message' : 'allowed'}`, async () => {
    const res = await call(server, 'POST', path, {}, tokens.staff);
    if (c.role === 'admin') expect([res.status, res.body.message]).toEqual([403, MSG_ADMIN.adminOnly]);
    else expect([401, 403, 500]).not.toContain(res.status);
  });
  it('admin: allowed, never a 500', async () => {
    const res = await call(server, 'POST', path, {}, tokens.admin);
    expect([401, 403, 500], `${name}: ${res.status} ${res.body.message}`).not.toContain(res.status);
    if (res.status === 400) expect(res.body.message).not.toBe(MSG.serverError);
  });
});

describe('the audit log cannot be changed', () => {
  it('UPDATE and DELETE are refused by the database', async () => {
    await call(
      server,
      'adminCreateStaff',
      { id: 'audit-probe@partsmall.kr', name: '기록확인', phone: '01077778888' },
      { token: tokens.admin },
    );
    const [row] = await queryRows<{ id: number; action: string }>(
      server.db,
      sql`select id, action from admin_audit order by id desc limit 1`,
    );
    expect(row?.action).toBe('createStaff');
    await expect(server.db.execute(sql`update admin_audit set action = 'x' where id = ${row!.id}`)).rejects.toThrow();
    await expect(server.db.execute(sql`delete from admin_audit where id = ${row!.id}`)).rejects.toThrow();
    const [still] = await queryRows<{ action: string }>(
      server.db,
      sql`select action from admin_audit where id = ${row!.id}`,
    );
    expect(still?.action).toBe('createStaff');
  });
  it('staff cannot read it; admin sees who did what', async () => {
    const denied = await call(server, 'adminAuditList', {}, { token: tokens.staff });
    expect(denied.status).toBe(403);
    const res = await call(server, 'adminAuditList', { action: 'createStaff' }, { token: tokens.admin });
    expect(res.body.results?.[0]).toMatchObject({ action: 'createStaff', memberName: '관리자' });
  });
});
