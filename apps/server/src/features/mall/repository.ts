import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mallConfig } from './schema.js';

/** The shop configuration's reads other features share (docs/architecture.md#the-database). */

/** The stored configuration's data (null before the first save). */
export async function mallConfigData(db: Db): Promise<unknown> {
  const [row] = await db.select({ data: mallConfig.data }).from(mallConfig).where(eq(mallConfig.id, 1));
  return row?.data ?? null;
}

/** The stored delivery options, as an expression another feature's statement reads in the same round trip. */
export const deliveryOptionsSql = (): SQL<unknown> =>
  sql<unknown>`(select ${mallConfig.data}->'deliveryOptions' from ${mallConfig} where ${mallConfig.id} = 1)`;
