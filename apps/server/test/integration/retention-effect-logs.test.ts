import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { sentEffects } from '../../src/db/schema.js';
import { solapiGroups } from '../../src/features/sms/schema.js';
import { EFFECT_LOG_RETENTION_DAYS, pruneEffectLogs } from '../../src/features/retention/effect-logs.js';
import { sweepRetention } from '../../src/features/retention/sweep.js';
import { freshDatabase } from '../helpers.js';

/**
 * The daily sweep prunes the jobs' effect logs (`sent_effects`, `solapi_groups`) once no try of their
 * job can still run: rows older than 90 days go, younger ones stay (docs/operations.md#jobs).
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
const DAY = 86_400_000;
const now = new Date('2026-11-26T03:00:00.000Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => database?.drop());
beforeEach(async () => {
  await database.db.delete(sentEffects);
  await database.db.delete(solapiGroups);
});

const keys = async () =>
  (await queryRows<{ key: string }>(database.db, sql`select key from sent_effects order by key`)).map((r) => r.key);
const groups = async () =>
  (
    await queryRows<{ message_id: string }>(database.db, sql`select message_id from solapi_groups order by message_id`)
  ).map((r) => r.message_id);

/** One effect row and one Solapi group row per age in days, named by that age. */
async function rowsAged(...days: number[]) {
  await database.db
    .insert(sentEffects)
    .values(days.map((d) => ({ key: `age:${d}`, job: 'notify.send', createdAt: ago(d) })));
  await database.db
    .insert(solapiGroups)
    .values(days.map((d) => ({ messageId: `age:${d}`, channel: 'alimtalk', groupId: `G4V${d}`, createdAt: ago(d) })));
}

describe('pruning the effect logs', () => {
  it('keeps 90 days', () => {
    expect(EFFECT_LOG_RETENTION_DAYS).toBe(90);
  });

  it('the sweep deletes the rows older than 90 days, keeps those of 90 days and younger; a second sweep changes nothing', async () => {
    await rowsAged(0, 89, 90, 91, 400);
    await sweepRetention(database.db, now);
    expect(await keys()).toEqual(['age:0', 'age:89', 'age:90']);
    expect(await groups()).toEqual(['age:0', 'age:89', 'age:90']);
    await sweepRetention(database.db, now);
    expect(await keys()).toEqual(['age:0', 'age:89', 'age:90']);
    expect(await groups()).toEqual(['age:0', 'age:89', 'age:90']);
  });

  it('deletes in batches until none is left', async () => {
    await rowsAged(89, 91, 92, 93, 94, 95);
    // Batches of 2: 5 old rows take three statements per table, the last one short.
    expect(await pruneEffectLogs(database.db, now, 2)).toEqual({ sentEffects: 5, solapiGroups: 5 });
    expect(await keys()).toEqual(['age:89']);
    expect(await groups()).toEqual(['age:89']);
    expect(await pruneEffectLogs(database.db, now, 2)).toEqual({ sentEffects: 0, solapiGroups: 0 });
  });

  it('with nothing old, nothing goes', async () => {
    await rowsAged(1, 89);
    expect(await pruneEffectLogs(database.db, now)).toEqual({ sentEffects: 0, solapiGroups: 0 });
    expect(await keys()).toEqual(['age:1', 'age:89']);
  });
});
