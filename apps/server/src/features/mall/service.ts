import { and, desc, eq, sql } from 'drizzle-orm';
import type { MallConfig, WarehouseDeliveryOptions } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { notices } from '../notices/schema.js';
import { mallConfig } from './schema.js';
import { sanitizeNoticeHtml } from '../notices/index.js';

/** The stored part of the configuration (notices come from the notices table). */
export type MallConfigData = Omit<MallConfig, 'ver' | 'notices' | 'demo'> & {
  /** Delivery options per warehouse (api/getDeliInfo); absent in configurations saved before they existed. */
  deliveryOptions?: WarehouseDeliveryOptions[];
};

/** The configuration as stored; the answer adds whether the server runs as the demo shop. */
export async function readMallConfig(db: Db): Promise<Omit<MallConfig, 'demo'> | null> {
  const [row] = await db.select().from(mallConfig).where(eq(mallConfig.id, 1));
  if (!row) return null;
  const popup = await db
    .select({ seq: notices.id, title: notices.title, content: notices.content })
    .from(notices)
    .where(and(eq(notices.popup, true), eq(notices.published, true)))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(5);
  return {
    ...(row.data as MallConfigData),
    ver: row.ver,
    notices: popup.map((n) => ({ ...n, content: sanitizeNoticeHtml(n.content) })),
  };
}

/** Replaces the configuration and bumps `ver`, so open pages reload. */
export async function saveMallConfig(db: Db, data: MallConfigData): Promise<void> {
  await db
    .insert(mallConfig)
    .values({ id: 1, ver: 1, data })
    .onConflictDoUpdate({
      target: mallConfig.id,
      set: { data, ver: sql`${mallConfig.ver} + 1`, updatedAt: new Date() },
    });
}
