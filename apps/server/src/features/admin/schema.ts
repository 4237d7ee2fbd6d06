/** The back office's audit log. */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId, createdAt } from '../../db/columns.js';
import { memberRef } from '../members/schema.js';

/**
 * The back office's audit log (docs/requirements.md#back-office): every staff write, who, when, what and the values before
 * and after. Append-only: the code has no update or delete of it, and a trigger refuses both.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serialId(),
    memberId: memberRef(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created').on(t.createdAt), index('admin_audit_action').on(t.action, t.createdAt)],
);
