import { desc, eq, ilike } from 'drizzle-orm';
import type { AuditRow } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { members } from '../members/schema.js';
import { adminAudit } from './schema.js';
import { escapeLike } from './search.js';
import { pageWithTotal } from '../../db/page.js';

/** The back office's read of the audit log; the write is shared/audit.ts (docs/architecture.md#boundaries). */
export { recordAudit, type AuditEntry } from '../../shared/audit.js';

export async function listAudit(
  db: Db,
  q: { action?: string | undefined; page: number; size: number },
): Promise<{ results: AuditRow[]; total: number }> {
  const where = q.action ? ilike(adminAudit.action, `%${escapeLike(q.action)}%`) : undefined;
  const { rows, total } = await pageWithTotal(db, adminAudit, where, q, (limit, offset) =>
    db
      .select({ row: adminAudit, memberName: members.name })
      .from(adminAudit)
      .leftJoin(members, eq(members.id, adminAudit.memberId))
      .where(where)
      .orderBy(desc(adminAudit.id))
      .limit(limit)
      .offset(offset),
  );
  return {
    total,
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
