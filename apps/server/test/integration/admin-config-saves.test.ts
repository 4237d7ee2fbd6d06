import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ADMIN } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';

/**
 * Two admins editing the shop configuration (docs/requirements.md#entities): a save that names the
 * `ver` its form was read at is refused when another save came in between, so neither undoes the
 * other unseen; a save without `ver` (an older client) still saves; saves run one after another, so
 * each audit row's "before" is what the save before it wrote.
 */
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginAs(server, 'admin@partsmall.kr', 'admin1234');
});
afterAll(async () => {
  await server?.close();
});

interface Config {
  ver: number;
  mallBottom: Record<string, string>;
  [k: string]: unknown;
}
const readConfig = async () => (await call(server, 'adminGetConfig', {}, { token: admin })).body.results!;
/** The configuration as read, with the footer's phone set to `phone` and `ver` as given (none: left out). */
const withPhone = (c: Config, phone: string, ver: number | undefined) => {
  const { ver: _read, ...fields } = c;
  return { ...fields, mallBottom: { ...c.mallBottom, phone }, ...(ver === undefined ? {} : { ver }) };
};
/** Sent as raw JSON, so that ill-typed `ver`s can be sent too. */
const save = (body: Record<string, unknown>) => call<Config>(server, 'POST', 'api/admin/saveConfig', body, admin);
const configAudits = () =>
  queryRows<{ before: { mallBottom: { phone: string } }; after: { mallBottom: { phone: string }; ver: number } }>(
    server.db,
    sql`select before, after from admin_audit where target = 'config' order by id`,
  );

describe('api/admin/saveConfig with the ver its form was read at', () => {
  it('saves at the current ver; at an older ver it answers 409 in Korean and changes nothing', async () => {
    const read = await readConfig();
    const first = await save(withPhone(read, '02-1111-2222', read.ver));
    expect([first.body.code, first.body.results?.ver, first.body.results?.mallBottom.phone]).toEqual([
      201,
      read.ver + 1,
      '02-1111-2222',
    ]);
    const audits = (await configAudits()).length;

    const stale = await save(withPhone(read, '02-3333-4444', read.ver));
    expect([stale.status, stale.body.message, stale.body.field]).toEqual([409, MSG_ADMIN.configChanged, 'ver']);
    const after = await readConfig();
    expect([after.ver, after.mallBottom.phone]).toEqual([read.ver + 1, '02-1111-2222']);
    expect((await configAudits()).length).toBe(audits);

    // A ver from the future is as stale as one from the past.
    const ahead = await save(withPhone(read, '02-3333-4444', read.ver + 5));
    expect(ahead.status).toBe(409);
  });

  it('a save without ver (an older client) saves over whatever is stored', async () => {
    const read = await readConfig();
    const saved = await save(withPhone(read, '02-5555-6666', undefined));
    expect([saved.body.code, saved.body.results?.ver, saved.body.results?.mallBottom.phone]).toEqual([
      201,
      read.ver + 1,
      '02-5555-6666',
    ]);
  });

  it('refuses a ver that is not a whole number from 1 with 400, nothing saved', async () => {
    const read = await readConfig();
    for (const ver of [0, -1, 1.5, '3', 2_147_483_648]) {
      const bad = await save({ ...withPhone(read, '02-7777-0000', undefined), ver });
      expect([ver, bad.status]).toEqual([ver, 400]);
    }
    expect((await readConfig()).ver).toBe(read.ver);
  });

  it('two admins saving from the same read at once: one is saved, the other is told; ver goes up by one', async () => {
    const read = await readConfig();
    const answers = await Promise.all([
      save(withPhone(read, '02-8888-0001', read.ver)),
      save(withPhone(read, '02-8888-0002', read.ver)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.results!;
    const after = await readConfig();
    expect([after.ver, after.mallBottom.phone]).toEqual([read.ver + 1, winner.mallBottom.phone]);
  });

  it('five saves without ver at once: ver goes up by five, and each audit row starts where the one before ended', async () => {
    const read = await readConfig();
    const auditsBefore = (await configAudits()).length;
    const phones = ['02-9000-0001', '02-9000-0002', '02-9000-0003', '02-9000-0004', '02-9000-0005'];
    const answers = await Promise.all(phones.map((p) => save(withPhone(read, p, undefined))));
    expect(answers.map((a) => a.body.code)).toEqual([201, 201, 201, 201, 201]);
    expect((await readConfig()).ver).toBe(read.ver + 5);
    const rows = (await configAudits()).slice(auditsBefore);
    expect(rows.map((r) => r.after.ver)).toEqual([1, 2, 3, 4, 5].map((n) => read.ver + n));
    expect(rows[0]!.before.mallBottom.phone).toBe(read.mallBottom.phone);
    for (let i = 1; i < rows.length; i++)
      expect(rows[i]!.before.mallBottom.phone).toBe(rows[i - 1]!.after.mallBottom.phone);
    expect(rows.map((r) => r.after.mallBottom.phone).sort()).toEqual(phones);
  });
});
