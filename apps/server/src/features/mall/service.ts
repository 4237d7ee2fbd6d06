import { eq, sql } from 'drizzle-orm';
import { SHOP_NAME, type MallConfig, type WarehouseDeliveryOptions } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { popupNotices } from '../notices/repository.js';
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
  const popup = await popupNotices(db, 5);
  return {
    ...(row.data as MallConfigData),
    ver: row.ver,
    notices: popup.map((n) => ({ ...n, content: sanitizeNoticeHtml(n.content) })),
  };
}

/**
 * The name the shop's virtual accounts show as 예금주 (docs/requirements.md#payments): the company
 * of its settings' footer (the shop is who is paid), the shop's name before any is saved. Never the
 * buyer's, whatever name the buyer had the account issued under.
 */
export async function shopAccountHolder(db: Db): Promise<string> {
  const [row] = await db.select({ data: mallConfig.data }).from(mallConfig).where(eq(mallConfig.id, 1));
  const name = (row?.data as Partial<MallConfigData> | undefined)?.mallBottom?.companyName?.trim();
  return name || SHOP_NAME;
}

/**
 * The stored `ver` (0 before the first save), the row locked until the transaction ends, so that
 * saves one after another each see the one before (docs/requirements.md#entities).
 */
export async function lockedMallConfigVer(tx: Tx): Promise<number> {
  const [row] = await tx.select({ ver: mallConfig.ver }).from(mallConfig).where(eq(mallConfig.id, 1)).for('update');
  return row?.ver ?? 0;
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
