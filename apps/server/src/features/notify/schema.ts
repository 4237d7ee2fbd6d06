import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.js';
import { companies, members } from '../members/schema.js';

/**
 * '알림 설정' (docs/requirements.md#notifications): which events reach which phone. The main
 * account's row is the company's default; a sub-account's row is its own and overrides it. No row:
 * the main account gets every event, a sub-account follows the company's default.
 */
export const notifySettings = pgTable(
  'notify_settings',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    events: text('events').array().notNull(),
    /** null: the account's own phone. */
    phone: text('phone'),
    updatedAt: updatedAt(),
  },
  (t) => [index('notify_settings_company').on(t.companyId)],
);
