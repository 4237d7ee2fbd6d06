/**
 * Which of a company's months are closed (docs/requirements.md#monthly-close): the close and the
 * statement preview ask the same two questions, so they agree on what a close of a month will do.
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { nextMonth } from './rules.js';
import { statements, type StatementDbRow } from './schema.js';

/**
 * The month's statement, or a later month's: a later one took the lines, so an earlier month is not
 * closed after it.
 */
export async function statementFromMonth(
  db: Db | Tx,
  companyId: number,
  month: string,
): Promise<StatementDbRow | undefined> {
  const [row] = await db
    .select()
    .from(statements)
    .where(and(eq(statements.companyId, companyId), gte(statements.month, month)))
    .orderBy(asc(statements.month))
    .limit(1);
  return row;
}

/**
 * The months before `month` that no close took for the company: after its newest statement, from the
 * month of its oldest unbilled line (a close that failed for good, or a server down across a 1st). Each is
 * closed first, in order, so a statement and its 월합계 bill their own month only.
 */
export async function unclosedMonthsBefore(db: Db | Tx, companyId: number, month: string): Promise<string[]> {
  const [row] = await queryRows<{ first: string | null; newest: string | null }>(
    db,
    sql`select (select max(s.month) from statements s where s.company_id = ${companyId}) as newest,
        (select to_char(min(greatest(l.created_at, coalesce(o.shipped_at, l.created_at))) at time zone 'Asia/Seoul', 'YYYY-MM')
           from receivables_ledger l
           left join orders o on o.id = l.order_id
           where l.company_id = ${companyId}
             and (l.order_id is null or o.shipped_at is not null)
             and not exists (select 1 from statement_lines sl where sl.ledger_id = l.id)) as first`,
  );
  const months: string[] = [];
  if (!row?.first) return months;
  for (let m = row.first; m < month; m = nextMonth(m)) if (!row.newest || m > row.newest) months.push(m);
  return months;
}
