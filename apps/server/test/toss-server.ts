import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cashLedger, companies, members, payments } from '../src/db/schema.js';
import {
  call,
  loginAs,
  rawCall,
  startTestServer,
  type RawResult,
  type TestServer,
  type TypedResult,
} from './helpers.js';
import { tossStandIn, type TossStandIn } from './stand-ins.js';

type TopUpWindow = NonNullable<TypedResult<'showCashPaymentWinow'>['body']['results']>;

/**
 * A test server paying through Toss (PAYMENT_PROVIDER=toss) against a local Toss stand-in of its own
 * that holds `secretKey`: the client key is the secret's test twin ('test_sk_x' → 'test_ck_x'), the
 * timeout 2 s; `env` adds or overrides settings (a shorter timeout, the virtual-account bank, jobs).
 */
export async function startTossServer(
  secretKey: string,
  env: Record<string, string> = {},
): Promise<{ toss: TossStandIn; server: TestServer }> {
  const toss = await tossStandIn(secretKey);
  const server = await startTestServer({
    env: {
      PAYMENT_PROVIDER: 'toss',
      TOSS_CLIENT_KEY: secretKey.replace('_sk_', '_ck_'),
      TOSS_SECRET_KEY: secretKey,
      TOSS_API_URL: toss.url,
      TOSS_TIMEOUT_MS: '2000',
      ...env,
    },
  });
  return { toss, server };
}

/** A Toss success redirect's path and query, as Toss sends the buyer back after approving `p`. */
export const successPath = (p: { paymentKey: string; orderId: string }, amount: number) =>
  `payCenter/toss/success?paymentKey=${p.paymentKey}&orderId=${p.orderId}&amount=${amount}&paymentType=NORMAL`;

/** The demo member topping up cash on a Toss test server, and what its tests read back. */
export interface TossTopUps {
  toss: TossStandIn;
  server: TestServer;
  /** The demo member's session token. */
  demo: string;
  /** The demo company's cash balance. */
  balance(): Promise<number>;
  /** The status of the payment whose order id (gatewayId) is `orderId`. */
  status(orderId: string): Promise<string | undefined>;
  /** How many of the demo company's ledger lines name the payment. */
  ledgerLines(orderId: string): Promise<number>;
  /** The member opens the top-up window: the server stores the payment and hands out the window page. */
  open(amount: number, pgcode?: 'creditcard' | 'banktransfer'): Promise<TopUpWindow>;
  /** Toss posts `body` to the shop's webhook. */
  webhook(body: unknown): Promise<RawResult>;
  close(): Promise<void>;
}

/** startTossServer, with the demo member logged in to top up cash. */
export async function startTossTopUps(secretKey: string, env: Record<string, string> = {}): Promise<TossTopUps> {
  const { toss, server } = await startTossServer(secretKey, env);
  const demo = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
  const [d] = await server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
  const companyId = d!.companyId!;
  return {
    toss,
    server,
    demo,
    async balance() {
      const [row] = await server.db
        .select({ point: companies.point })
        .from(companies)
        .where(eq(companies.id, companyId));
      return Number(row!.point);
    },
    async status(orderId) {
      const [row] = await server.db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.gatewayId, orderId));
      return row?.status;
    },
    async ledgerLines(orderId) {
      const [p] = await server.db.select({ id: payments.id }).from(payments).where(eq(payments.gatewayId, orderId));
      const rows = await server.db
        .select({ note: cashLedger.note })
        .from(cashLedger)
        .where(eq(cashLedger.companyId, companyId));
      return rows.filter((r) => r.note?.includes(`(결제 #${p!.id})`)).length;
    },
    async open(amount, pgcode = 'creditcard') {
      const res = await call(server, 'showCashPaymentWinow', { pgcode, amount }, { token: demo });
      expect(res.body.code).toBe(200);
      return res.body.results!;
    },
    webhook: (body) =>
      rawCall(server, 'POST', 'payCenter/toss/webhook', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    async close() {
      await server.close();
      await toss.close();
    },
  };
}
