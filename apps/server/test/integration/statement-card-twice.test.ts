import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashLedger, companies, deposits, payments } from '../../src/db/schema.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { applyStatementPayment } from '../../src/features/credit/index.js';
import { call, rawCall, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';
import {
  closeOfMonthBeforeRun,
  expectStatementsMatchLedger,
  giveCredit,
  makeStatement,
  statementOf,
} from '../deposit-helpers.js';

/**
 * A 외상 statement paid by card through two windows on the sandbox gateway
 * (docs/requirements.md#credit-deposits): a window whose statement has nothing left to pay when its
 * approval comes is declined and says why; one bigger than what is left pays the rest and puts the
 * remainder to cash, and its page says so.
 */
const ALREADY_PAID = '이미 결제된 명세서입니다. 결제하지 않았습니다.';
const DONE = '결제가 완료되었습니다.';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { PAYMENT_SANDBOX_SECRET: 'statement-card-twice' } });
  await closeOfMonthBeforeRun(server);
}, 60_000);
afterAll(() => server?.close());

async function statementOfNewCompany(label: string, amount: number) {
  const c = await makeCompany(server, label, 0);
  await giveCredit(server, c.companyId);
  const seq = await makeStatement(server, c.companyId, '2026-04', amount, '2026-05-11');
  const token = (await createSession(server.db, c.main.seq)).token;
  return { c, seq, token };
}

/** Opens a card window for the statement; answers its gateway id and a press of its approve button. */
async function cardWindow(token: string, seq: number) {
  const res = await call(server, 'payStatement', { seq, method: 'card' }, { token });
  expect(res.status).toBe(200);
  const url = new URL(res.body.results!.online_url!);
  const approve = () =>
    rawCall(server, 'POST', `${url.pathname}/approve${url.search}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
  return {
    paymentId: res.body.results!.paymentId!,
    approve,
    open: () => rawCall(server, 'GET', `${url.pathname}${url.search}`),
  };
}

const statusOf = async (gatewayId: string) =>
  (await server.db.select().from(payments).where(eq(payments.gatewayId, gatewayId)))[0]!.status;
const depositsOfCompany = (companyId: number) =>
  server.db
    .select({ source: deposits.source, amount: deposits.amount, toCash: deposits.toCash })
    .from(deposits)
    .where(eq(deposits.companyId, companyId));
const cashOf = async (companyId: number) => ({
  point: (await server.db.select().from(companies).where(eq(companies.id, companyId)))[0]!.point,
  rows: (await server.db.select().from(cashLedger).where(eq(cashLedger.companyId, companyId))).map((r) => r.amount),
});

describe('a statement paid by card in two windows (sandbox)', () => {
  it('the second window approved after the first paid the statement is declined, and its page says why', async () => {
    const { c, seq, token } = await statementOfNewCompany('두창정비', 17_800);
    const first = await cardWindow(token, seq);
    const second = await cardWindow(token, seq);
    const paid = await first.approve();
    expect([paid.status, paid.text.includes(DONE)]).toEqual([200, true]);
    const refused = await second.approve();
    expect([refused.status, refused.text.includes(ALREADY_PAID)]).toEqual([409, true]);
    expect([await statusOf(first.paymentId), await statusOf(second.paymentId)]).toEqual(['paid', 'declined']);
    expect(await depositsOfCompany(c.companyId)).toEqual([{ source: 'card', amount: 17_800, toCash: 0 }]);
    expect(await cashOf(c.companyId)).toEqual({ point: 0, rows: [] });
    expect(await statementOf(server, seq)).toMatchObject({ paid: 17_800, status: 'paid' });
    // Opened again, the declined window offers no button and says why.
    const again = await second.open();
    expect([again.text.includes(ALREADY_PAID), again.text.includes('/approve')]).toEqual([true, false]);
  });

  it('a window opened after the statement was paid offers no button', async () => {
    const { seq, token } = await statementOfNewCompany('두창부품', 9_000);
    const first = await cardWindow(token, seq);
    const second = await cardWindow(token, seq);
    expect((await first.approve()).status).toBe(200);
    const page = await second.open();
    expect([page.status, page.text.includes(ALREADY_PAID), page.text.includes('/approve')]).toEqual([200, true, false]);
    expect(await statusOf(second.paymentId)).toBe('pending');
  });

  it('two windows approved at once: exactly one payment is taken', async () => {
    const { c, seq, token } = await statementOfNewCompany('동시정비', 17_800);
    const windows = [await cardWindow(token, seq), await cardWindow(token, seq)];
    const pages = await Promise.all(windows.map((w) => w.approve()));
    const outcomes = pages.map((p) => [
      p.status,
      p.text.includes(DONE) ? 'done' : p.text.includes(ALREADY_PAID) ? 'already' : p.text,
    ]);
    expect(outcomes.sort()).toEqual([
      [200, 'done'],
      [409, 'already'],
    ]);
    const statuses = await Promise.all(windows.map((w) => statusOf(w.paymentId)));
    expect(statuses.sort()).toEqual(['declined', 'paid']);
    expect(await depositsOfCompany(c.companyId)).toEqual([{ source: 'card', amount: 17_800, toCash: 0 }]);
    expect(await cashOf(c.companyId)).toEqual({ point: 0, rows: [] });
    expect(await statementOf(server, seq)).toMatchObject({ paid: 17_800, status: 'paid' });
    await expectStatementsMatchLedger(server);
  });

  it('a window bigger than what is left pays the rest and puts the remainder to cash; the page says so', async () => {
    const { c, seq, token } = await statementOfNewCompany('일부정비', 17_800);
    const w = await cardWindow(token, seq);
    // 5,000 won of it paid meanwhile (a bank deposit staff entered).
    await server.db.transaction((tx) =>
      applyStatementPayment(tx, { statementId: seq, amount: 5_000, idemKey: `test:part:${seq}`, via: 'transfer' }),
    );
    const page = await w.approve();
    expect(page.status).toBe(200);
    expect(page.text).toContain(
      '결제가 완료되었습니다. 명세서에 남은 12,800원을 결제하고 나머지 5,000원은 캐시로 넣었습니다.',
    );
    expect(await statusOf(w.paymentId)).toBe('paid');
    expect(await depositsOfCompany(c.companyId)).toEqual([{ source: 'card', amount: 17_800, toCash: 5_000 }]);
    expect(await cashOf(c.companyId)).toEqual({ point: 5_000, rows: [5_000] });
    expect(await statementOf(server, seq)).toMatchObject({ paid: 17_800, status: 'paid' });
  });
});
