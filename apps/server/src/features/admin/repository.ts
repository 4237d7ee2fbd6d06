import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { memberNameSql } from '../members/repository.js';
import { adminAudit } from './schema.js';

/**
 * The back office's audit log (docs/architecture.md#boundaries): one row per staff write (who, when,
 * what, before and after). It is append-only: this module only inserts and reads, and a database
 * trigger refuses UPDATE and DELETE. Writers of every feature call recordAudit on the transaction of
 * the change itself, so a refused change leaves no row.
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

/** How many times an action was recorded on a target (a retry's number names its job). */
export async function auditCount(db: Db | Tx, action: AuditAction, target: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminAudit)
    .where(and(eq(adminAudit.action, action), eq(adminAudit.target, target)));
  return row?.n ?? 0;
}

/** The audit page's condition: actions matching an ILIKE pattern (none: all). */
export const auditWhere = (actionPattern: string | undefined): SQL | undefined =>
  actionPattern ? ilike(adminAudit.action, actionPattern) : undefined;

/** A page of audit rows, newest first, each with its staff member's name. */
export function auditWithNames(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select({ row: adminAudit, memberName: memberNameSql(adminAudit.memberId) })
    .from(adminAudit)
    .where(where)
    .orderBy(desc(adminAudit.id))
    .limit(limit)
    .offset(offset);
}
