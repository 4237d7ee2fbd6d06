import type { AuditRow } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { auditWhere, auditWithNames } from './repository.js';
import { adminAudit } from './schema.js';
import { escapeLike } from './search.js';
import { pageWithTotal } from '../../db/page.js';

/** The back office's read of the audit log; the write, which every feature calls, is repository.ts (docs/architecture.md#boundaries). */
export { recordAudit, type AuditEntry } from './repository.js';

export async function listAudit(
  db: Db,
  q: { action?: string | undefined; page: number; size: number },
): Promise<{ results: AuditRow[]; total: number }> {
  const where = auditWhere(q.action ? `%${escapeLike(q.action)}%` : undefined);
  const { rows, total } = await pageWithTotal(db, adminAudit, where, q, (limit, offset) =>
    auditWithNames(db, where, limit, offset),
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
