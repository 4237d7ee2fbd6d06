import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifySettings } from '../../src/features/notify/schema.js';
import { startTestServer, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';

/**
 * Migration 0050 (docs/requirements.md#notifications): '알림 설정' saved before 방문수령 전달 완료
 * (pickedUp) existed lists its events without it; one that chose 발송 완료 (shipped) is told the
 * hand-over too, one that did not stays without, and running it again changes nothing.
 */
const MIGRATION = readFileSync(new URL('../../drizzle/0050_notify_picked_up.sql', import.meta.url), 'utf8');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('0050: pickedUp for settings saved with shipped', () => {
  it('adds pickedUp where shipped is chosen, once; leaves the others as they were', async () => {
    const c = await makeCompany(server, '알림이전', 2);
    const [withShipped, withoutShipped, already] = [c.main, c.subs[0]!, c.subs[1]!];
    await server.db.insert(notifySettings).values([
      { memberId: withShipped.seq, companyId: c.companyId, events: ['orderPaid', 'shipped'] },
      { memberId: withoutShipped.seq, companyId: c.companyId, events: ['orderPaid', 'chatReply'] },
      { memberId: already.seq, companyId: c.companyId, events: ['shipped', 'pickedUp'] },
    ]);
    await server.db.execute(sql.raw(MIGRATION));
    await server.db.execute(sql.raw(MIGRATION));
    const rows = await server.db
      .select({ memberId: notifySettings.memberId, events: notifySettings.events })
      .from(notifySettings)
      .where(eq(notifySettings.companyId, c.companyId))
      .orderBy(notifySettings.memberId);
    expect(rows.map((r) => r.events)).toEqual([
      ['orderPaid', 'shipped', 'pickedUp'],
      ['orderPaid', 'chatReply'],
      ['shipped', 'pickedUp'],
    ]);
  });
});
