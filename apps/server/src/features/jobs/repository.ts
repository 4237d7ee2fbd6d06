import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pruneBefore } from '../../db/prune.js';
import { sentEffects } from './schema.js';

/** The jobs' tables other features act on (docs/architecture.md#the-database). */

/** Deletes the effect log rows made before `before`, `batch` a statement; answers how many went. */
export const pruneSentEffects = (db: Db, before: SQL, batch: number): Promise<number> =>
  pruneBefore(db, sentEffects, before, batch);
