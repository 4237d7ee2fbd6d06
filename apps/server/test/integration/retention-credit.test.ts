import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditAccounts,
  depositEvents,
  deposits,
  orders,
  payments,
  receivablesLedger,
  statementAccounts,
  statementLines,
  statements,
  taxInvoices,
} from '../../src/db/schema.js';
import { queryRows } from '../../src/db/client.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { postLedgerEntry } from '../../src/features/credit/index.js';
import { sweepRetention } from '../../src/features/retention/sweep.js';
import { call, loginAs, rawCall, startTestServer, type TestServer } from '../helpers.js';
import { closeOfMonthBeforeRun, giveCredit, makeStatement } from '../deposit-helpers.js';
import { makeCompany, withdrawAccount, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';

/**
 * A withdrawn company's 외상 book under the retention rules (docs/requirements.md#retention): statements
 * with their lines, the receivables ledger, virtual accounts, deposit callbacks, deposits and the
 * statements' card payments are kept whole until the book's newest record is 5 years old, then
 * destroyed with the orders, payments and invoices they name; the ledger stays immutable otherwise.
 */
let server: TestServer;
let staffToken: string;
let productId: number;
const DAY = 86_400_000;
const YEAR = 365 * DAY;

beforeAll(async () => {
  server = await startTestServer({ env: { PAYMENT_SANDBOX_SECRET: 'retention-credit-secret' } });
  await closeOfMonthBeforeRun(server);
  staffToken = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  productId = (await makeProduct(server, { tiers: [7000, 7100, 7200, 7300], salePrice: 8000, stock: 0 })).id;
}, 60_000);
afterAll(() => server?.close());

interface Book {
  creditOrderId: number;
  cashOrderId: number;
  statementId: number;
  invoiceId: number;
}

/** A month of 외상 as a busy company leaves it: each kind of record of the book, each naming the others. */
async function furnishBook(shop: TestCompany, tag: string): Promise<Book> {
  const db = server.db;
  const companyId = shop.companyId;
  await giveCredit(server, companyId);
  const creditOrderId = await insertOrder(server, { companyId, memberId: shop.main.seq, status: 2, productId });
  const cashOrderId = await insertOrder(server, { companyId, memberId: shop.main.seq, status: 2, productId });
  const { entry: charge } = await postLedgerEntry(db, {
    companyId,
    kind: 'charge',
    amount: 10_000,
    orderId: creditOrderId,
    idemKey: `charge:order:${creditOrderId}`,
  });
  const statementId = await makeStatement(server, companyId, '2026-10', 33_000, '2026-11-10');
  await db.insert(statementLines).values({
    statementId,
    ledgerId: charge.id,
    kind: 'charge',
    orderId: creditOrderId,
    lineDate: '2026-10-15',
    description: `${tag} 주문`,
    amount: 10_000,
  });
  const [invoice] = await db
    .insert(taxInvoices)
    .values({
      companyId,
      kind: 'monthly',
      mgtKey: `M-${companyId}-2026-10`,
      statementId,
      status: 'issued',
      writeDate: '20261031',
      supply: 30_000,
      tax: 3_000,
      total: 33_000,
      buyer: { corpName: `${tag}상사` },
    })
    .returning({ id: taxInvoices.id });
  await db.update(statements).set({ taxInvoiceId: invoice!.id }).where(eq(statements.id, statementId));
  const [account] = await db
    .insert(statementAccounts)
    .values({
      statementId,
      companyId,
      provider: 'sandbox',
      orderId: `stm-${statementId}-1`,
      amount: 33_000,
      status: 'open',
      bank: '신한',
      accountNumber: `5621${String(statementId).padStart(8, '0')}`,
      holder: '파츠몰',
      dueAt: new Date(Date.now() + 10 * DAY),
    })
    .returning({ id: statementAccounts.id });
  await db.insert(depositEvents).values({
    accountId: account!.id,
    transactionKey: `tx-${randomUUID()}`,
    status: 'WAITING_FOR_DEPOSIT',
    eventAt: new Date(),
  });

  // 13,000 won of it paid by a bank transfer in the owner's own name …
  const transfer = await call(
    server,
    'adminRecordDeposit',
    { depositorName: `${tag}대표 개인`, amount: 13_000, depositedAt: '2026-11-05', companyId },
    { token: staffToken },
  );
  expect(transfer.body.results).toMatchObject({ status: 'applied', companyId });
  // … and the 20,000 won left by card (a payment, the deposit naming it, a ledger payment row).
  const token = (await createSession(db, shop.main.seq)).token;
  const paid = await call(server, 'payStatement', { seq: statementId, method: 'card' }, { token });
  const url = new URL(paid.body.results!.online_url!);
  const approve = await rawCall(server, 'POST', `${url.pathname}/approve${url.search}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(approve.status).toBe(200);
  expect(paid.body.results!.amount).toBe(20_000);
  return { creditOrderId, cashOrderId, statementId, invoiceId: invoice!.id };
}

/** How many rows of each kind of a company's book and its other payment and supply records there are. */
async function recordsOf(companyId: number) {
  const db = server.db;
  const own = await db.select({ id: statements.id }).from(statements).where(eq(statements.companyId, companyId));
  const accounts = await db
    .select({ id: statementAccounts.id })
    .from(statementAccounts)
    .where(eq(statementAccounts.companyId, companyId));
  const count = async (q: Promise<unknown[]>) => (await q).length;
  return {
    statements: own.length,
    lines: own.length
      ? await count(
          db
            .select()
            .from(statementLines)
            .where(
              inArray(
                statementLines.statementId,
                own.map((s) => s.id),
              ),
            ),
        )
      : 0,
    ledger: await count(db.select().from(receivablesLedger).where(eq(receivablesLedger.companyId, companyId))),
    accounts: accounts.length,
    callbacks: accounts.length
      ? await count(
          db
            .select()
            .from(depositEvents)
            .where(
              inArray(
                depositEvents.accountId,
                accounts.map((a) => a.id),
              ),
            ),
        )
      : 0,
    deposits: await count(db.select().from(deposits).where(eq(deposits.companyId, companyId))),
    payments: await count(db.select().from(payments).where(eq(payments.companyId, companyId))),
    invoices: await count(db.select().from(taxInvoices).where(eq(taxInvoices.companyId, companyId))),
    orders: await count(db.select().from(orders).where(eq(orders.companyId, companyId))),
    creditAccount: await count(db.select().from(creditAccounts).where(eq(creditAccounts.companyId, companyId))),
  };
}

const FURNISHED = {
  statements: 1,
  // The statement's adjustment and the credit order's charge.
  lines: 2,
  // The charge, the statement's adjustment, the card's payment and the transfer's payment.
  ledger: 4,
  accounts: 1,
  callbacks: 1,
  deposits: 2,
  payments: 1,
  invoices: 1,
  orders: 2,
  creditAccount: 1,
};

const withdraw = async (shop: TestCompany) => {
  const res = await withdrawAccount(server, shop.main);
  expect([res.status, res.body.code]).toEqual([200, 201]);
};

describe("a withdrawn company's 외상 book", () => {
  it('stays whole for 5 years, then goes with what it names; a younger book and a staying company keep theirs', async () => {
    const gone = await makeCompany(server, '외상탈퇴', 0);
    const young = await makeCompany(server, '늦은입금', 0);
    const stays = await makeCompany(server, '외상잔류', 0);
    const goneBook = await furnishBook(gone, '외상탈퇴');
    const youngBook = await furnishBook(young, '늦은입금');
    await furnishBook(stays, '외상잔류');
    await withdraw(gone);
    await withdraw(young);
    // A deposit that came in a year later: the young book's newest record.
    await server.db.insert(deposits).values({
      source: 'staff',
      sourceKey: `staff:${randomUUID()}`,
      companyId: young.companyId,
      depositorName: '늦은입금대표 개인',
      amount: 500,
      depositedAt: new Date(Date.now() + YEAR),
      status: 'applied',
      createdAt: new Date(Date.now() + YEAR),
    });
    for (const shop of [gone, stays]) expect(await recordsOf(shop.companyId)).toEqual(FURNISHED);
    expect(await recordsOf(young.companyId)).toEqual({ ...FURNISHED, deposits: 3 });

    // A day short of 5 years: everything stays.
    await sweepRetention(server.db, new Date(Date.now() + 5 * YEAR - DAY));
    expect(await recordsOf(gone.companyId)).toEqual(FURNISHED);

    // 5 years and 3 days: the old book goes whole, with its orders, payment and invoice.
    await sweepRetention(server.db, new Date(Date.now() + 5 * YEAR + 3 * DAY));
    expect(await recordsOf(gone.companyId)).toEqual({
      statements: 0,
      lines: 0,
      ledger: 0,
      accounts: 0,
      callbacks: 0,
      deposits: 0,
      payments: 0,
      invoices: 0,
      orders: 0,
      // The account's terms and its audit stay, as the back office's audit log does.
      creditAccount: 1,
    });
    expect(
      await server.db
        .select()
        .from(orders)
        .where(inArray(orders.id, [goneBook.creditOrderId, goneBook.cashOrderId])),
    ).toEqual([]);

    // The younger book stays whole, and so do the order its ledger names, the card payment its deposit
    // names and the 월합계 invoice its statement names; its cash order, which nothing names, goes.
    expect(await recordsOf(young.companyId)).toEqual({ ...FURNISHED, deposits: 3, orders: 1 });
    const youngOrders = await server.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.companyId, young.companyId));
    expect(youngOrders).toEqual([{ id: youngBook.creditOrderId }]);
    const [youngInvoice] = await server.db
      .select({ id: taxInvoices.id })
      .from(taxInvoices)
      .where(eq(taxInvoices.companyId, young.companyId));
    expect(youngInvoice!.id).toBe(youngBook.invoiceId);

    // A company that never left keeps everything whatever its age.
    expect(await recordsOf(stays.companyId)).toEqual(FURNISHED);

    // 5 years after the late deposit: the younger book goes too.
    await sweepRetention(server.db, new Date(Date.now() + 6 * YEAR + 3 * DAY));
    expect(await recordsOf(young.companyId)).toMatchObject({ statements: 0, ledger: 0, deposits: 0, orders: 0 });
  });
});

describe('the receivables ledger stays immutable', () => {
  it("outside the sweep, an update or a delete is refused; the sweep's word counts only on its own transaction", async () => {
    const shop = await makeCompany(server, '원장불변', 0);
    const leaving = await makeCompany(server, '원장탈퇴', 0);
    await furnishBook(shop, '원장불변');
    await furnishBook(leaving, '원장탈퇴');
    await withdraw(leaving);
    // The sweep deletes a book (the trigger lets it), then the ledger is closed again.
    await sweepRetention(server.db, new Date(Date.now() + 5 * YEAR + 3 * DAY));
    expect(await recordsOf(leaving.companyId)).toMatchObject({ ledger: 0, statements: 0 });
    // The trigger's refusal, as PostgreSQL words it (drizzle puts it in the error's cause).
    const immutable = { cause: expect.objectContaining({ message: 'receivables_ledger rows are immutable' }) };
    const remove = () => server.db.execute(sql`delete from receivables_ledger where company_id = ${shop.companyId}`);
    await expect(remove()).rejects.toMatchObject(immutable);
    await expect(
      server.db.execute(sql`update receivables_ledger set note = 'x' where company_id = ${shop.companyId}`),
    ).rejects.toMatchObject(immutable);
    // Said by a statement of its own, the word ends with that statement's transaction.
    await server.db.execute(sql`select set_config('partsmall.retention_sweep', 'on', true)`);
    await expect(remove()).rejects.toMatchObject(immutable);
    expect(await recordsOf(shop.companyId)).toEqual(FURNISHED);
  });
});

describe('a shop many companies have left', () => {
  it('sweeps when more companies withdrew than a query can name (65,535 parameters): it names only those with a book', async () => {
    // 70,000 withdrawn companies without 외상, and one with a book.
    const [before] = await queryRows<{ id: number }>(
      server.db,
      sql`select coalesce(max(id), 0)::int as id from companies`,
    );
    const first = before!.id + 1;
    await server.db.execute(sql`
      insert into companies (name, security_num, withdrawn_at)
      select '다수탈퇴' || g, '000000', now() - interval '1 day' from generate_series(1, 70000) g`);
    const leaving = await makeCompany(server, '다수중외상', 0);
    await furnishBook(leaving, '다수중외상');
    await withdraw(leaving);
    await sweepRetention(server.db, new Date(Date.now() + 5 * YEAR + 3 * DAY));
    expect(await recordsOf(leaving.companyId)).toMatchObject({ statements: 0, ledger: 0, deposits: 0, orders: 0 });
    // The sweep ran to its end: every company that left is purged.
    const [purged] = await queryRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from companies where id >= ${first} and purged_at is not null`,
    );
    expect(purged!.n).toBe(70_001);
  }, 120_000);
});
