import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { cashLedger, companies, payments } from '../../src/db/schema.js';
import { call, loginAs, rawCall, rawGet, startTestServer, type TestServer } from '../helpers.js';
import { expectLedgerMatchesBalances, makeCompany, type TestCompany } from '../member-helpers.js';

/**
 * Payments a company opened before its withdrawal take no money after it (docs/requirements.md#payments):
 * the withdrawal ends them, and an approval or a deposit that comes later is refused with the page
 * saying why, whether it comes after the withdrawal or at the same moment.
 */
const SECRET = 'payments-withdrawal-secret';
const ENDED = '회원 탈퇴로 취소된 결제입니다. 결제되지 않았으며 금액이 청구되지 않습니다.';
let server: TestServer;

const pageKey = (paymentId: string) => createHmac('sha256', SECRET).update(`page:${paymentId}`).digest('base64url');
/** The sandbox page's buttons, as the buyer's popup posts them. */
const press = (paymentId: string, action: string) =>
  rawCall(server, 'POST', `payCenter/sandbox/${paymentId}/${action}?key=${pageKey(paymentId)}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
const agreed = { agree1: true, agree2: true, agree3: true, agree4: true };
const withdraw = (token: string, co: TestCompany) =>
  call(server, 'POST', 'api/WithdrawMember', { ...agreed, userName: co.main.name }, token);

async function open(token: string, what: 'cash' | 'licence', pgcode: 'creditcard' | 'banktransfer') {
  const res =
    what === 'cash'
      ? await call<{ paymentId: string }>(
          server,
          'POST',
          'payCenter/showCashPaymentWinow',
          { pgcode, amount: 50_000 },
          token,
        )
      : await call<{ paymentId: string }>(
          server,
          'POST',
          'payCenter/showLicensePaymentWinow',
          { pgcode, amount: 30_000, days: 30 },
          token,
        );
  expect(res.body.code).toBe(200);
  return res.body.results!.paymentId;
}
const companyRow = async (id: number) => (await server.db.select().from(companies).where(eq(companies.id, id)))[0]!;
const statusOf = async (paymentId: string) =>
  (await server.db.select().from(payments).where(eq(payments.gatewayId, paymentId)))[0]!.status;
const ledgerOf = async (companyId: number) =>
  server.db.select().from(cashLedger).where(eq(cashLedger.companyId, companyId));

beforeAll(async () => {
  server = await startTestServer({ env: { PAYMENT_SANDBOX_SECRET: SECRET } });
});
afterAll(async () => {
  await server?.close();
});

describe('payments opened before a withdrawal', () => {
  it('a cash card payment, a licence card payment and a bank transfer take nothing once the company withdrew', async () => {
    const co = await makeCompany(server, '탈퇴결제', 0);
    const token = await loginAs(server, co.main.id, co.main.pw);
    const cashCard = await open(token, 'cash', 'creditcard');
    const licenceCard = await open(token, 'licence', 'creditcard');
    const transfer = await open(token, 'cash', 'banktransfer');
    const before = await companyRow(co.companyId);

    expect((await withdraw(token, co)).body.code).toBe(201);
    // The withdrawal ended them at once: nothing is left waiting for money.
    expect([await statusOf(cashCard), await statusOf(licenceCard), await statusOf(transfer)]).toEqual([
      'declined',
      'declined',
      'declined',
    ]);

    for (const [paymentId, action] of [
      [cashCard, 'approve'],
      [licenceCard, 'approve'],
      [transfer, 'deposit'],
    ] as const) {
      // The page opened again says why, and offers no button.
      const page = (await rawGet(server, `/payCenter/sandbox/${paymentId}?key=${pageKey(paymentId)}`)).body.toString();
      expect(page).toContain(ENDED);
      expect(page).not.toContain('<button');
      // A button pressed on a page opened before the withdrawal is refused with the same words.
      const pressed = await press(paymentId, action);
      expect([pressed.status, pressed.text.includes(ENDED)]).toEqual([409, true]);
      expect(await statusOf(paymentId)).toBe('declined');
    }
    // Staff's 입금 확인 of the ended transfer is refused too.
    const staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
    const [row] = await server.db.select().from(payments).where(eq(payments.gatewayId, transfer));
    const vouched = await call(server, 'POST', 'api/admin/confirmDeposit', { seq: row!.id }, staff);
    expect([vouched.status, vouched.body.message]).toEqual([400, '입금 대기 중인 계좌이체가 아닙니다.']);
    const after = await companyRow(co.companyId);
    expect([after.point, after.licenseEnd]).toEqual([before.point, before.licenseEnd]);
    expect(await ledgerOf(co.companyId)).toEqual([]);
    await expectLedgerMatchesBalances(server);
  });

  it('a signed confirmation of an ended payment is refused with the same message', async () => {
    const co = await makeCompany(server, '탈퇴콜백', 0);
    const token = await loginAs(server, co.main.id, co.main.pw);
    const paymentId = await open(token, 'cash', 'creditcard');
    expect((await withdraw(token, co)).body.code).toBe(201);
    const body = { paymentId, amount: 50_000, status: 'paid' };
    const signature = createHmac('sha256', SECRET).update(`${paymentId}:50000:paid`).digest('hex');
    const answer = await call(server, 'POST', 'payCenter/callback', { ...body, signature });
    expect([answer.status, answer.body.message]).toEqual([409, ENDED]);
    expect((await companyRow(co.companyId)).point).toBe(0);
  });

  it('a payment stored for a company that withdrew meanwhile (its session still open) is refused and ended', async () => {
    const co = await makeCompany(server, '탈퇴경합행', 0);
    const token = await loginAs(server, co.main.id, co.main.pw);
    const paymentId = await open(token, 'cash', 'creditcard');
    // As if the row was stored after the withdrawal ended the company's payments, before its sessions ended.
    await server.db.update(companies).set({ withdrawnAt: new Date() }).where(eq(companies.id, co.companyId));
    const pressed = await press(paymentId, 'approve');
    expect([pressed.status, pressed.text.includes(ENDED)]).toEqual([409, true]);
    expect(await statusOf(paymentId)).toBe('declined');
    expect((await companyRow(co.companyId)).point).toBe(0);
  });

  // PGlite runs one statement at a time, so the approval never waits on the withdrawal there: this race is PostgreSQL's.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'an approval that reached the company while its withdrawal held it credits nothing once the withdrawal commits',
    async () => {
      const co = await makeCompany(server, '탈퇴대기중', 0);
      const token = await loginAs(server, co.main.id, co.main.pw);
      const paymentId = await open(token, 'cash', 'creditcard');
      // Read outside the transaction: pg_stat_activity is a snapshot taken once per transaction.
      const waiting = async () =>
        (
          await queryRows<{ n: number }>(
            server.db,
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
          )
        )[0]!.n;
      let approved: ReturnType<typeof press> | undefined;
      // The company's row held as the withdrawal holds it; the withdrawal commits once the approval waits on it.
      await server.db.transaction(async (tx) => {
        await tx.execute(sql`select id from companies where id = ${co.companyId} for update`);
        approved = press(paymentId, 'approve');
        await expect.poll(waiting, { timeout: 20_000, interval: 20 }).toBe(1);
        await tx.update(companies).set({ withdrawnAt: new Date() }).where(eq(companies.id, co.companyId));
      });
      const answer = await approved!;
      expect([answer.status, answer.text.includes(ENDED)]).toEqual([409, true]);
      expect(await statusOf(paymentId)).toBe('declined');
      expect((await companyRow(co.companyId)).point).toBe(0);
      expect(await ledgerOf(co.companyId)).toEqual([]);
    },
  );

  it('a withdrawal and an approval at the same moment: the money is either credited before the withdrawal or not taken, never lost or twice', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 12; round++) {
      const co = await makeCompany(server, `동시탈퇴${round}`, 0, { cheapPasswords: true });
      const token = await loginAs(server, co.main.id, co.main.pw);
      const card = await open(token, round % 2 ? 'licence' : 'cash', 'creditcard');
      const transfer = await open(token, 'cash', 'banktransfer');
      const untouched = await open(token, 'licence', 'banktransfer');
      // Each round presses a little later, so that some approvals come before the withdrawal and some inside it.
      const later = <T>(ms: number, f: () => Promise<T>) => new Promise<T>((r) => setTimeout(() => r(f()), ms));
      const [left, approved, deposited] = await Promise.all([
        withdraw(token, co),
        later(round * 2, () => press(card, 'approve')),
        later(round * 2 + 1, () => press(transfer, 'deposit')),
      ]);
      // The withdrawal always goes through; no answer is a server error (no deadlock).
      expect(left.body.code).toBe(201);
      for (const [answer, paymentId] of [
        [approved, card],
        [deposited, transfer],
      ] as const) {
        const status = await statusOf(paymentId);
        if (answer.status === 200) expect(status).toBe('paid');
        else expect([answer.status, answer.text.includes(ENDED), status]).toEqual([409, true, 'declined']);
        outcomes.push(status);
      }
      // Nothing is left waiting for money that could still arrive for a withdrawn company.
      expect(await statusOf(untouched)).toBe('declined');
      const paid = await queryRows<{ n: number; cash: number }>(
        server.db,
        sql`select count(*)::int as n, coalesce(sum(amount) filter (where kind = 'point'), 0)::int as cash
            from payments where company_id = ${co.companyId} and status = 'paid'`,
      );
      const row = await companyRow(co.companyId);
      // The cash is exactly what was paid before the withdrawal, once each.
      expect(row.point).toBe(paid[0]!.cash);
      expect((await ledgerOf(co.companyId)).length).toBe(paid[0]!.cash / 50_000);
      expect(row.withdrawnAt).not.toBeNull();
    }
    expect(outcomes.every((s) => s === 'paid' || s === 'declined')).toBe(true);
    await expectLedgerMatchesBalances(server);
  });
});
