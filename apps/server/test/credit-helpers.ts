import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SetCreditAccountRequest } from '@partsmall/contract';
import { members, statements } from '../src/db/schema.js';
import { createSession } from '../src/features/auth/sessions.js';
import { closeMonth } from '../src/features/credit/index.js';
import { call, startTestServer, type TestServer, type TypedResult } from './helpers.js';
import { makeBuyers, makeProduct, placeOrder, seoulToday, type BuyerTokens } from './order-helpers.js';
import { makeCompany, type TestCompany } from './member-helpers.js';

/** Fixtures of the credit tests (docs/requirements.md#credit): buyers with sessions, an admin session, an account. */

export interface CreditTokens extends BuyerTokens {
  admin: string;
}

/** A buyer company (main + one sub-account), another company, and sessions for each role. */
export async function creditBuyers(
  server: TestServer,
  label: string,
): Promise<{ buyer: TestCompany; other: TestCompany; tokens: CreditTokens }> {
  const { buyer, other, tokens } = await makeBuyers(server, { buyer: label, other: `${label}이웃` });
  const [admin] = await server.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.loginId, 'admin@partsmall.kr'));
  return { buyer, other, tokens: { ...tokens, admin: (await createSession(server.db, admin!.id)).token } };
}

/** Gives a company a credit account through the admin call (expects it to succeed). */
export async function giveCredit(
  server: TestServer,
  adminToken: string,
  companyId: number,
  fields: Partial<SetCreditAccountRequest> = {},
) {
  const res = await call(
    server,
    'adminSetCreditAccount',
    {
      companyId,
      status: 'active',
      limit: 1_000_000,
      allowExceed: false,
      termCode: 'EOM_NEXT_10',
      graceDays: 0,
      overdueThreshold: 0,
      allowSubAccounts: false,
      reason: '시험 외상 승인',
      ...fields,
    },
    { token: adminToken },
  );
  if (res.body.code !== 201) throw new Error(`giveCredit: ${res.status} ${res.body.message}`);
  return res.body.results!;
}

/** A credit company's main session, after one credit order of its own was shipped. */
export interface ShippedCompany {
  company: TestCompany;
  token: string;
}

/** The overdue tests' shop (docs/requirements.md#overdue): a server of its own, and companies that owe. */
export interface OverdueShop {
  server: TestServer;
  t: CreditTokens;
  /** A checkout of `qty` of the shop's one product (10,000 won each), on credit when asked. */
  pay(token: string, qty: number, payWith?: 'credit'): ReturnType<typeof placeOrder>;
  /**
   * A company with credit (grace 5 days, threshold 10,000; `fields` change them) and one shipped
   * credit order of `qty` × 10,000.
   */
  shippedCompany(label: string, qty: number, fields?: Partial<SetCreditAccountRequest>): Promise<ShippedCompany>;
  /** A shippedCompany, its month closed, the statement due on `due`. */
  billedCompany(
    label: string,
    qty: number,
    due: string,
    fields?: Partial<SetCreditAccountRequest>,
  ): Promise<ShippedCompany & { statement: typeof statements.$inferSelect }>;
  /** The 외상 summary the buyer's checkout reads. */
  summaryOf(token: string): Promise<NonNullable<TypedResult<'getCreditSummary'>['body']['results']>>;
  close(): Promise<void>;
}

/** Starts the overdue tests' shop; `label` names its buyers. */
export async function startOverdueShop(label: string): Promise<OverdueShop> {
  const server = await startTestServer();
  const { tokens: t } = await creditBuyers(server, label);
  const product = await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000, stock: 500 });
  const pay: OverdueShop['pay'] = (token, qty, payWith) =>
    placeOrder(server, token, [{ productId: product.id, qty }], { payWith });
  const ship = async (seq: number) => {
    // A 방문수령 order (placeOrder's default) is handed over: 출고완료 without carrier or waybill.
    for (const extra of [{ status: 1 }, { status: 2 }])
      expect((await call(server, 'adminSetOrderStatus', { seq, ...extra }, { token: t.staff })).body.code).toBe(201);
  };
  const shippedCompany: OverdueShop['shippedCompany'] = async (name, qty, fields = {}) => {
    const company = await makeCompany(server, name, 0);
    const token = (await createSession(server.db, company.main.seq)).token;
    await giveCredit(server, t.admin, company.companyId, {
      limit: 1_000_000,
      graceDays: 5,
      overdueThreshold: 10_000,
      ...fields,
    });
    const order = await pay(token, qty, 'credit');
    expect(order.body.code, order.body.message).toBe(201);
    await ship(order.body.results!.orderSeq);
    return { company, token };
  };
  return {
    server,
    t,
    pay,
    shippedCompany,
    async billedCompany(name, qty, due, fields) {
      const shipped = await shippedCompany(name, qty, fields);
      const month = seoulToday().slice(0, 7);
      await closeMonth(server.db, { month, companyId: shipped.company.companyId, allowOpenMonth: true });
      const [statement] = await server.db
        .update(statements)
        .set({ dueDate: due })
        .where(eq(statements.companyId, shipped.company.companyId))
        .returning();
      return { ...shipped, statement: statement! };
    },
    summaryOf: async (token) => (await call(server, 'getCreditSummary', {}, { token })).body.results!,
    close: () => server.close(),
  };
}
