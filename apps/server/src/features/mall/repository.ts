import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mallConfig } from './schema.js';

/** The shop configuration's reads other features share (docs/architecture.md#the-database). */

/** The stored configuration's data (null before the first save). */
export async function mallConfigData(db: Db): Promise<unknown> {
  const [row] = await db.select({ data: mallConfig.data }).from(mallConfig).where(eq(mallConfig.id, 1));
  return row?.data ?? null;
}
