import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, instant, createdAt } from '../../db/columns.js';

/**
 * One row per message and channel handed to Solapi's group flow (solapi-client.ts), written (and
 * committed) before the message is added to its group: a try that finds the row asks Solapi for the
 * group's status instead of sending again, so a crash between Solapi accepting and the job's effect
 * row sends once (docs/architecture.md#jobs). `channel` is 'alimtalk' or 'text': a refused 알림톡
 * goes as a text in a group of its own. `claimedUntil` is the lease of the try handing the message over
 * (solapi-client.ts): one try at a time reads, adds to and sends the group. The daily retention sweep
 * deletes the rows after `EFFECT_LOG_RETENTION_DAYS` (docs/operations.md#jobs).
 */
export const solapiGroups = pgTable(
  'solapi_groups',
  {
    messageId: text('message_id').notNull(),
    channel: text('channel').notNull(),
    groupId: text('group_id').notNull(),
    createdAt: createdAt(),
    claimedUntil: instant('claimed_until'),
  },
  (t) => [
    primaryKey({ name: 'solapi_groups_pkey', columns: [t.messageId, t.channel] }),
    index('solapi_groups_created_at').on(t.createdAt),
  ],
);

/** Messages the console SMS provider "sent": the dev outbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serialId(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    code: text('code'),
    /** A notification's channel ('alimtalk', 'sms', 'lms') and event; null for a plain text. */
    channel: text('channel'),
    event: text('event'),
    /** A notification's message id (its job effect key): written once. */
    messageId: text('message_id'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_phone').on(t.phone, t.id), uniqueIndex('sms_outbox_message_id').on(t.messageId)],
);
