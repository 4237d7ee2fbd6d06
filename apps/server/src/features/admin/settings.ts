import type { ConfigFields } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../shared/http.js';
import { readMallConfig, saveMallConfig } from '../mall/index.js';
import { deliveryOptionsOf } from '../shipping/index.js';
import { recordAudit } from './audit.js';

/** The shop's configuration in the back office: read with its delivery options, save with an audit row. */

export async function readConfig(db: Db) {
  const config = await readMallConfig(db);
  if (!config) throw notFound();
  const { notices: _popups, ...rest } = config;
  return { ...rest, deliveryOptions: deliveryOptionsOf(rest) };
}

/** Saves the configuration; `ver` goes up by one, so every open shop page reloads (docs/requirements.md#entities). */
export async function saveConfig(db: Db, staffId: number, fields: ConfigFields) {
  const before = await readMallConfig(db);
  await saveMallConfig(db, fields);
  const after = await readConfig(db);
  const { notices: _n, ...beforeData } = before ?? { notices: [] };
  // The audit shows the delivery options in force before, the standard ones when none were stored.
  const beforeShown = before ? { ...beforeData, deliveryOptions: deliveryOptionsOf(beforeData) } : beforeData;
  await recordAudit(db, { memberId: staffId, action: 'saveConfig', target: 'config', before: beforeShown, after });
  return after;
}
