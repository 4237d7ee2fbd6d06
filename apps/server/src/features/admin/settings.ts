import { MSG_ADMIN, type SaveConfigRequest } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../shared/http.js';
import { lockedMallConfigVer, readMallConfig, saveMallConfig } from '../mall/index.js';
import { deliveryOptionsOf } from '../shipping/index.js';
import { recordAudit } from './audit.js';
import { undeliverableWarehouse } from './product-warehouses.js';

/** The shop's configuration in the back office: read with its delivery options, save with an audit row. */

export async function readConfig(db: Db) {
  const config = await readMallConfig(db);
  if (!config) throw notFound();
  const { notices: _popups, ...rest } = config;
  return { ...rest, deliveryOptions: deliveryOptionsOf(rest) };
}

/**
 * Saves the configuration; `ver` goes up by one, so every open shop page reloads (docs/requirements.md#entities).
 * A save that names the `ver` its form was read at is refused when another save came in between.
 * Saves run one at a time on the locked row, so each audit row's "before" is the save before it.
 */
export async function saveConfig(db: Db, staffId: number, { ver, ...fields }: SaveConfigRequest) {
  return db.transaction(async (tx) => {
    const stored = await lockedMallConfigVer(tx);
    if (ver !== undefined && ver !== stored) throw new AppError(409, MSG_ADMIN.configChanged, 409, 'ver');
    const before = await readMallConfig(tx);
    // A warehouse holding products keeps a delivery method (docs/requirements.md#shipping).
    const stranded = await undeliverableWarehouse(tx, deliveryOptionsOf(before), fields.deliveryOptions);
    if (stranded)
      throw badRequest(MSG_ADMIN.deliveryNeededFor(stranded.storageId, stranded.stockName), 'deliveryOptions');
    await saveMallConfig(tx, fields);
    const after = await readConfig(tx);
    const { notices: _n, ...beforeData } = before ?? { notices: [] };
    // The audit shows the delivery options in force before, the standard ones when none were stored.
    const beforeShown = before ? { ...beforeData, deliveryOptions: deliveryOptionsOf(beforeData) } : beforeData;
    await recordAudit(tx, { memberId: staffId, action: 'saveConfig', target: 'config', before: beforeShown, after });
    return after;
  });
}
