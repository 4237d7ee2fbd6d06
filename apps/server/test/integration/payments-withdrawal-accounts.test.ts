import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '../../src/db/schema.js';
import { queryRows } from '../../src/db/client.js';
import { virtualAccountsFromConfig, withdrawalCancelJob } from '../../src/features/payments/index.js';
import { jobId } from '../../src/shared/job-queue.js';
import { call, loginAs, rawCall, until, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';
import type { TossStandIn } from '../stand-ins.js';
import { startTossServer } from '../toss-server.js';

/**
 * A Toss virtual account issued for a bank-transfer top-up before its company withdrew
 * (docs/requirements.md#payments): the withdrawal's `payment.withdrawalCancel` job closes it at Toss
 * after the withdrawal commits, so nobody can pay into it up to its due time; retried while Toss is
 * down, and a second run closes nothing twice.
 */
const SECRET_KEY = 'test_sk_withdrawal_accounts';
let toss: TossStandIn;
let server: TestServer;

beforeAll(async () => {
  ({ toss, server } = await startTossServer(SECRET_KEY, {
    TOSS_TIMEOUT_MS: '2000',
    JOBS_RETRY_DELAY_SECONDS: '1',
  }));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await toss?.close();
});
beforeEach(() => {
  toss.onConfirm({ kind: 'normal' });
  toss.onFetch({ kind: 'normal' });
});

const agreed = { agree1: true, agree2: true, agree3: true, agree4: true };

/** A company with a transfer whose account Toss issued, and one whose window the buyer left. */
async function companyWithOpenAccount(label: string) {
  const co = await makeCompany(server, label, 0);
  const token = await loginAs(server, co.main.id, co.main.pw);
  const open = async (amount: number) => {
    const res = await call<{ paymentId: string }>(
      server,
      'POST',
      'payCenter/showCashPaymentWinow',
      { pgcode: 'banktransfer', amount },
      token,
    );
    return res.body.results!.paymentId;
  };
  const issued = toss.authorise(await open(40_000), 40_000, '가상계좌');
  const page = await rawCall(
    server,
    'GET',
    `payCenter/toss/success?paymentKey=${issued.paymentKey}&orderId=${issued.orderId}&amount=40000`,
  );
  expect([page.status, toss.payments.get(issued.paymentKey)!.status]).toEqual([200, 'WAITING_FOR_DEPOSIT']);
  const leftWindow = await open(20_000);
  const withdraw = () => call(server, 'POST', 'api/WithdrawMember', { ...agreed, userName: co.main.name }, token);
  return { co, issued, leftWindow, withdraw };
}

const jobState = async (companyId: number) =>
  (
    await queryRows<{ state: string }>(
      server.db,
      sql`select state::text as state from pgboss.job where id = ${jobId('payment.withdrawalCancel', `company:${companyId}`)}::uuid`,
    )
  )[0]?.state;
const cancelsOf = (paymentKey: string) =>
  toss.calls.filter((c) => c.path === `/v1/payments/${paymentKey}/cancel`).map((c) => c.body);

describe('virtual accounts of a withdrawn company at Toss', () => {
  it('the withdrawal closes at Toss the account issued before it, after it commits', async () => {
    const { co, issued, leftWindow, withdraw } = await companyWithOpenAccount('탈퇴계좌닫기');
    expect((await withdraw()).body.code).toBe(201);
    await until('the account closed at Toss', async () => (await jobState(co.companyId)) === 'completed' || undefined);
    expect(toss.payments.get(issued.paymentKey)!.status).toBe('CANCELED');
    expect(cancelsOf(issued.paymentKey)).toEqual([{ cancelReason: '회원 탈퇴로 결제 취소' }]);
    const rows = await server.db.select().from(payments).where(eq(payments.companyId, co.companyId));
    expect(rows.map((r) => [r.gatewayId, r.status]).sort()).toEqual(
      [
        [issued.orderId, 'declined'],
        [leftWindow, 'declined'],
      ].sort(),
    );
    // The window the buyer left has no account at Toss: looked up, nothing cancelled.
    expect(toss.calls.filter((c) => c.path.includes(leftWindow) && c.method === 'POST')).toEqual([]);

    // Run again (a retry after a crash before the effect was recorded): nothing is cancelled twice.
    const before = toss.calls.length;
    await withdrawalCancelJob(
      {
        id: 'again',
        name: 'payment.withdrawalCancel',
        key: `company:${co.companyId}`,
        data: { companyId: co.companyId, paymentIds: rows.map((r) => r.id) },
        attempt: 2,
        once: async (_part, effect) => {
          await effect();
          return true;
        },
      },
      { db: server.db, log: server.app.log, virtualAccounts: virtualAccountsFromConfig(server.ctx!.config) },
    );
    expect(toss.calls.slice(before).filter((c) => c.path.endsWith('/cancel'))).toEqual([]);
    expect(toss.payments.get(issued.paymentKey)!.status).toBe('CANCELED');
  });

  it('Toss down when the job first runs: it is retried and closes the account once Toss answers', async () => {
    const { co, issued, withdraw } = await companyWithOpenAccount('탈퇴계좌재시도');
    toss.onFetch({ kind: 'down' });
    expect((await withdraw()).body.code).toBe(201);
    await until('a failed try', async () => (await jobState(co.companyId)) === 'retry' || undefined);
    expect(toss.payments.get(issued.paymentKey)!.status).toBe('WAITING_FOR_DEPOSIT');
    toss.onFetch({ kind: 'normal' });
    await until('the account closed at Toss', async () => (await jobState(co.companyId)) === 'completed' || undefined);
    expect(toss.payments.get(issued.paymentKey)!.status).toBe('CANCELED');
    expect(cancelsOf(issued.paymentKey)).toEqual([{ cancelReason: '회원 탈퇴로 결제 취소' }]);
  });
});
