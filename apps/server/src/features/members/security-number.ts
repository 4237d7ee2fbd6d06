import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { EventSink } from '../../shared/events.js';
import { forgetSecurityNumberGuesses, newSecurityNumber } from '../auth/index.js';
import { companies } from './schema.js';

/**
 * A new 6-digit security number, different from the current one; the old one stops working for
 * joins, and the wrong guesses at it are forgotten, so a number spent by guessing
 * (docs/security.md#password-guessing) works again as a new one.
 */
export async function renewSecurityNumber(db: Db, events: EventSink, companyId: number): Promise<string> {
  const [company] = await db
    .select({ securityNum: companies.securityNum })
    .from(companies)
    .where(eq(companies.id, companyId));
  let next = newSecurityNumber();
  while (next === company?.securityNum) next = newSecurityNumber();
  await db.update(companies).set({ securityNum: next }).where(eq(companies.id, companyId));
  await forgetSecurityNumberGuesses(db, companyId);
  await events.publish({ type: 'companyChanged', companyId, part: 'securityNumber' });
  return next;
}
