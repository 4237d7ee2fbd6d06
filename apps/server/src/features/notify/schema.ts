import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, members } from '../../db/tables/accounts.js';

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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notify_settings_company').on(t.companyId)],
);

/**
 * One row per message and channel handed to Solapi's group flow, written (and committed) before the
 * message is added to its group: a try that finds the row asks Solapi for the group's status
 * instead of sending again, so a crash between Solapi accepting and the job's effect row sends
 * once (docs/architecture.md#jobs). `channel` is 'alimtalk' or 'text': a refused 알림톡 goes as a
 * text in a group of its own.
 */
export const notifyAttempts = pgTable(
  'notify_attempts',
  {
    messageId: text('message_id').notNull(),
    channel: text('channel').notNull(),
    groupId: text('group_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.channel] })],
);
