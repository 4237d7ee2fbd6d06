/**
 * Companies with credit and a month of shipped credit orders, written straight into the database (the
 * month close's benchmark and the deposits crash test, docs/performance.md): each company has a
 * member, a credit account (월말 마감 익월 10일), the 업태/종목/e-mail its 월합계 needs, and `lines`
 * shipped credit orders of one product on the 15th of `month`, each with its ledger charge.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/server/src/db/client.js';
import { creditAccounts, statementLines, statements } from '../apps/server/src/db/schema.js';
import { postLedgerEntry } from '../apps/server/src/features/credit/index.js';
import { insertCompany } from './order-data.js';

export async function seedCreditMonth(
  db: Db,
  o: { prefix: string; licenseBase: number; companies: number; lines: number; month: string },
): Promise<number[]> {
  const shipped = `${o.month}-15T10:00:00+09:00`;
  const pid = `${o.prefix}-PART`;
  const like = `${o.prefix}%`;
  await db.execute(sql`insert into products (name, pid, pid_key, price_a, price_b, price_c, price_d, sale_price, has_amount, stock_name, storage_id)
    values ('벤치 부품', ${pid}, ${pid.replace(/[^A-Za-z0-9]/g, '')}, 11000, 11000, 11000, 11000, 11000, 1000000, '한국 김포물류센터', 1)`);
  await db.execute(sql`insert into companies (name, license, security_num, biz_type, biz_item, invoice_mail)
    select ${o.prefix} || g, (${o.licenseBase} + g)::text, '000000', '도소매', '자동차 부품', 'tax' || g || '@bench.kr'
    from generate_series(1, ${o.companies}) g`);
  await db.execute(sql`insert into members (login_id, password_hash, name, phone, company_id, phone_verified)
    select 'bench' || c.id || '@bench.kr', 'x', '벤치', '010' || lpad(c.id::text, 8, '0'), c.id, false
    from companies c where c.name like ${like}`);
  await db.execute(sql`insert into credit_accounts (company_id, credit_limit, term_code)
    select id, 100000000, 'EOM_NEXT_10' from companies where name like ${like}`);
  await db.execute(sql`insert into orders (company_id, member_id, client_request_id, storage_id, stock_name, status, total_amount, shipping,
      shipping_value, shipping_pay_type, name, phone, pay_with, shipped_at, created_at)
    select m.company_id, m.id, 'bench-' || m.company_id || '-' || g, 1, '한국 김포물류센터', 2, 11000 * (1 + g % 5), 0, 4, 2,
      '김수령', '01055550000', 'credit', ${shipped}::timestamptz, ${shipped}::timestamptz - interval '1 day'
    from members m join companies c on c.id = m.company_id cross join generate_series(1, ${o.lines}) g
    where c.name like ${like}`);
  await db.execute(sql`insert into order_lines (order_id, product_id, name, pid, qty, price)
    select o.id, p.id, '벤치 부품', p.pid, 1 + o.id % 5, 11000
    from orders o join companies c on c.id = o.company_id cross join products p
    where c.name like ${like} and p.pid = ${pid}`);
  await db.execute(sql`insert into receivables_ledger (company_id, kind, amount, order_id, idem_key, created_at)
    select o.company_id, 'charge', o.total_amount, o.id, 'charge:order:' || o.id, o.created_at
    from orders o join companies c on c.id = o.company_id where c.name like ${like}`);
  await db.execute(sql`analyze`);
  const rows = await queryRows<{ id: number }>(db, sql`select id from companies where name like ${like} order by id`);
  return rows.map((r) => r.id);
}

/**
 * `companies` companies with credit ('<prefix> N', member `<login>N@partsmall.kr`), each with ten
 * closed statements of 30,000 won (2025-01 to 2025-10) in a chain, each billing its own ledger row
 * (an adjustment), so the ledger equals the statements' balances. Answers the ids.
 */
export async function seedStatements(
  db: Db,
  o: {
    prefix: string;
    login: string;
    licenseBase: number;
    phonePrefix: string;
    companies: number;
    passwordHash: string;
  },
): Promise<{ companyIds: number[]; statementIds: number[] }> {
  const companyIds: number[] = [];
  const statementIds: number[] = [];
  for (let i = 0; i < o.companies; i++) {
    const { companyId } = await insertCompany(db, {
      name: `${o.prefix} ${i + 1}`,
      license: o.licenseBase + i,
      member: {
        loginId: `${o.login}${i + 1}@partsmall.kr`,
        passwordHash: o.passwordHash,
        name: `${o.prefix.slice(0, 2)} ${i + 1}`,
        phone: `${o.phonePrefix}${String(i).padStart(7, '0')}`,
      },
    });
    companyIds.push(companyId);
    await db.insert(creditAccounts).values({ companyId, creditLimit: 100_000_000, termCode: 'EOM_NEXT_10' });
    for (let m = 1; m <= 10; m++) {
      const month = `2025-${String(m).padStart(2, '0')}`;
      const id = await db.transaction(async (tx) => {
        const { entry } = await postLedgerEntry(tx, {
          companyId,
          kind: 'adjustment',
          amount: 30_000,
          idemKey: `bench:${companyId}:${month}`,
        });
        const [row] = await tx
          .insert(statements)
          .values({
            companyId,
            month,
            opening: 30_000 * (m - 1),
            charges: 0,
            credits: 0,
            payments: 0,
            adjustments: 30_000,
            closing: 30_000 * m,
            amountDue: 30_000,
            termCode: 'EOM_NEXT_10',
            termLabel: '월말 마감 익월 10일',
            dueDate: `2025-${String(m + 1).padStart(2, '0')}-10`,
          })
          .returning({ id: statements.id });
        await tx.insert(statementLines).values({
          statementId: row!.id,
          ledgerId: entry.id,
          kind: 'adjustment',
          lineDate: `${month}-28`,
          description: '벤치 조정',
          amount: 30_000,
        });
        return row!.id;
      });
      statementIds.push(id);
    }
  }
  return { companyIds, statementIds };
}
