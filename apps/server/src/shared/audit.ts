import type { AuditAction } from '@partsmall/contract';
import type { Db, Tx } from '../db/client.js';
import { adminAudit } from '../features/admin/schema.js';

/**
 * The back office's audit log: one row per staff write (who, when, what, before and after). It is
 * append-only: this module only inserts and reads, and a database trigger refuses UPDATE and DELETE.
 * Writers call it on the transaction of the change itself, so a refused change leaves no row.
 */
export interface AuditEntry {
  memberId: number;
  /** The call's name in ADMIN_CALLS, e.g. 'adjustCash'; one of AUDIT_ACTION_LABELS, so the audit page names it. */
  action: AuditAction;
  /** What was changed, e.g. 'company:12', 'order:40'. */
  target: string;
  before: unknown;
  after: unknown;
}

export async function recordAudit(db: Db | Tx, e: AuditEntry): Promise<void> {
  await db.insert(adminAudit).values({
    memberId: e.memberId,
    action: e.action,
    target: e.target,
    before: e.before ?? null,
    after: e.after ?? null,
  });
}
