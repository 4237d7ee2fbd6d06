import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { instant, blankText, vin } from '../../db/columns.js';

/**
 * What a company said about one of its vehicles (docs/requirements.md#my-vehicles). The vehicles
 * themselves are the VINs it opened (epc_vin_searches); this row only names one, or hides it from
 * the list until the company opens it again (`hidden_at` before the last opening shows it again).
 */
export const companyVehicles = pgTable(
  'company_vehicles',
  {
    companyId: integer('company_id').notNull(),
    vin: vin().notNull(),
    name: blankText('name'),
    hiddenAt: instant('hidden_at'),
  },
  (t) => [primaryKey({ name: 'company_vehicles_pk', columns: [t.companyId, t.vin] })],
);
