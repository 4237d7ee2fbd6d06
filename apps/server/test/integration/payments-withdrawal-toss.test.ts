import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, payments } from '../../src/db/schema.js';
import { call, loginAs, rawCall, until, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import type { TossStandIn } from '../stand-ins.js';
import { startTossServer } from '../toss-server.js';

/**
 * Toss payments of a company that withdrew (docs/requirements.md#payments), against the Toss stand-in:
 * the shop confirms nothing for them, so Toss captures nothing; a confirm that raced the withdrawal is
 * cancelled at Toss; money paid into an account before anyone could close it is not credited and the
 * buyer is told it is refunded by hand.
 */
const SECRET_KEY = 'test_sk_withdrawal_secret';
const ENDED = '회원 탈퇴로 취소된 결제입니다. 결제되지 않았으며 금액이 청구되지 않습니다.';
const REFUND = '회원 탈퇴로 취소된 결제입니다. 이미 결제된 금액은 고객센터에서 환불해 드립니다.';

let toss: TossStandIn;
let server: TestServer;

beforeAll(async () => {
  ({ toss, server } = await startTossServer(SECRET_KEY, {
    TOSS_TIMEOUT_MS: '2000',
  }));
});
afterAll(async () => {
  await server?.close();
  await toss?.close();
});
beforeEach(() => {
  toss.onConfirm({ kind: 'normal' });
  toss.onFetch({ kind: 'normal' });
});

const agreed = { agree1: true, agree2: true, agree3: true, agree4: true };
async function member(label: string) {
  const co = await makeCompany(server, label, 0);
  return { co, token: await loginAs(server, co.main.id, co.main.pw) };
}
const withdraw = (token: string, co: TestCompany) =>
  call(server, 'POST', 'api/WithdrawMember', { ...agreed, userName: co.main.name }, token);
async function open(token: string, amount: number, pgcode: 'creditcard' | 'banktransfer') {
  const res = await call<{ paymentId: string }>(
    server,
    'POST',
    'payCenter/showCashPaymentWinow',
    { pgcode, amount },
    token,
  );
  expect(res.body.code).toBe(200);
  return res.body.results!.paymentId;
}
const success = (p: { paymentKey: string; orderId: string }, amount: number) =>
  rawCall(server, 'GET', `payCenter/toss/success?paymentKey=${p.paymentKey}&orderId=${p.orderId}&amount=${amount}`);
const statusOf = async (orderId: string) =>
  (await server.db.select().from(payments).where(eq(payments.gatewayId, orderId)))[0]!.status;
const pointOf = async (id: number) => (await server.db.select().from(companies).where(eq(companies.id, id)))[0]!.point;
const callsTo = (path: string) => toss.calls.filter((c) => c.path === path);

describe('Toss payments of a company that withdrew', () => {
  it('a card authorised after the withdrawal is never confirmed at Toss: nothing captured, the page says why', async () => {
    const { co, token } = await member('토스탈퇴카드');
    const orderId = await open(token, 20_000, 'creditcard');
    const p = toss.authorise(orderId, 20_000);
    expect((await withdraw(token, co)).body.code).toBe(201);
    const page = await success(p, 20_000);
    expect([page.status, page.text.includes(ENDED)]).toEqual([200, true]);
    expect(callsTo('/v1/payments/confirm').filter((c) => (c.body as { orderId: string }).orderId === orderId)).toEqual(
      [],
    );
    // The authorisation lapses at Toss uncaptured.
    expect(toss.payments.get(p.paymentKey)!.status).toBe('IN_PROGRESS');
    expect([await statusOf(orderId), await pointOf(co.companyId)]).toEqual(['declined', 0]);
  });

  it('a card Toss confirmed while the withdrawal went through is cancelled at Toss, not credited', async () => {
    const { co, token } = await member('토스경합카드');
    const orderId = await open(token, 30_000, 'creditcard');
    const p = toss.authorise(orderId, 30_000);
    const held = toss.holdConfirms();
    const page = success(p, 30_000);
    await until('the confirm reaches Toss', async () => held.arrived() === 1 || undefined);
    expect((await withdraw(token, co)).body.code).toBe(201);
    held.release();
    const answer = await page;
    expect([answer.status, answer.text.includes(ENDED)]).toEqual([409, true]);
    const cancels = callsTo(`/v1/payments/${p.paymentKey}/cancel`);
    expect(cancels.map((c) => [c.body, c.idempotencyKey])).toEqual([
      [{ cancelReason: '회원 탈퇴로 결제 취소' }, `cancel-${p.paymentKey}`],
    ]);
    expect(toss.payments.get(p.paymentKey)!.status).toBe('CANCELED');
    expect([await statusOf(orderId), await pointOf(co.companyId)]).toEqual(['declined', 0]);
  });

  it('a virtual account Toss issued while the withdrawal went through is closed at Toss', async () => {
    const { co, token } = await member('토스경합계좌');
    const orderId = await open(token, 40_000, 'banktransfer');
    const p = toss.authorise(orderId, 40_000, '가상계좌');
    const held = toss.holdConfirms();
    const page = success(p, 40_000);
    await until('the confirm reaches Toss', async () => held.arrived() === 1 || undefined);
    expect((await withdraw(token, co)).body.code).toBe(201);
    held.release();
    const answer = await page;
    expect([answer.status, answer.text.includes(ENDED), answer.text.includes(p.virtualAccount!.accountNumber)]).toEqual(
      [409, true, false],
    );
    expect(toss.payments.get(p.paymentKey)!.status).toBe('CANCELED');
    expect(await statusOf(orderId)).toBe('declined');
  });

  it('money paid into an account issued before the withdrawal is not credited; the buyer is told it is refunded', async () => {
    const { co, token } = await member('토스입금후탈퇴');
    const orderId = await open(token, 50_000, 'banktransfer');
    const p = toss.authorise(orderId, 50_000, '가상계좌');
    expect((await success(p, 50_000)).status).toBe(200);
    expect(await statusOf(orderId)).toBe('pending');
    expect((await withdraw(token, co)).body.code).toBe(201);
    const deposit = toss.deposit(p.paymentKey);
    const hook = await rawCall(server, 'POST', 'payCenter/toss/webhook', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...deposit, paymentKey: p.paymentKey }),
    });
    expect([hook.status, JSON.parse(hook.text).message]).toEqual([200, REFUND]);
    expect([await statusOf(orderId), await pointOf(co.companyId)]).toEqual(['declined', 0]);
    // Its window link opened again says why, and opens no window.
    const again = await success(p, 50_000);
    expect(again.text).toContain(ENDED);
  });
});
