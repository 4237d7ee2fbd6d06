import { count, desc, eq, ilike } from 'drizzle-orm';
import type { AuditRow } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { adminAudit, members } from '../../db/schema.js';
import { escapeLike } from './search.js';

/**
 * The back office's audit log: one row per staff write (who, when, what, before and after). It is
 * append-only: this module only inserts and reads, and a database trigger refuses UPDATE and DELETE.
 * Writers call it on the transaction of the change itself, so a refused change leaves no row.
 */
export interface AuditEntry {
  memberId: number;
  /** The call's name in ADMIN_CALLS, e.g. 'adjustCash'. */
  action: string;
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

export async function listAudit(
  db: Db,
  q: { action?: string | undefined; page: number; size: number },
): Promise<{ results: AuditRow[]; total: number }> {
  const where = q.action ? ilike(adminAudit.action, `%${escapeLike(q.action)}%`) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ row: adminAudit, memberName: members.name })
      .from(adminAudit)
      .leftJoin(members, eq(members.id, adminAudit.memberId))
      .where(where)
      .orderBy(desc(adminAudit.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(adminAudit).where(where),
  ]);
  return {
    total: Number(counted?.n ?? 0),
    results: rows.map(({ row, memberName }) => ({
      seq: row.id,
      memberName: memberName ?? '',
      action: row.action,
      target: row.target,
      before: row.before,
      after: row.after,
      created: row.createdAt.toISOString(),
    })),
  };
}
