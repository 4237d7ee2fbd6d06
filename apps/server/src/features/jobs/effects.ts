import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sentEffects } from './schema.js';

/**
 * Does an external effect once per key, as far as the shop's database can tell: if the key is in
 * the effect log the effect was done (by an earlier try of the job) and is skipped; otherwise it is
 * done and then recorded. The rule for every handler (docs/architecture.md#jobs):
 * - the key names the event and the recipient (`sms.cashCredited:payment:42:member:7`), never a
 *   try or a time, so every retry computes the same key;
 * - one key per effect: a handler that texts three people records three keys, and a retry after
 *   the second text sends only the third;
 * - the one window left is a crash after the provider accepted and before the row was written; a
 *   provider that takes an idempotency key of its own (Popbill's mgtKey) is given the same key and
 *   closes it, Solapi's 알림톡 and texts close it with a group stored before the send
 *   (sms/solapi-client.ts, given the effect key as message id), a provider without any handle may
 *   then send a second time.
 * Answers true when the effect was done now, false when it had been done before.
 */
export async function effectOnce(db: Db, job: string, key: string, effect: () => Promise<void>): Promise<boolean> {
  const [done] = await db.select({ key: sentEffects.key }).from(sentEffects).where(eq(sentEffects.key, key));
  if (done) return false;
  await effect();
  await db.insert(sentEffects).values({ key, job }).onConflictDoNothing();
  return true;
}
