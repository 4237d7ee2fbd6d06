import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, deposits, payments } from '../../src/db/schema.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { call, rawCall, until, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';
import type { TossStandIn } from '../stand-ins.js';
import { startTossServer } from '../toss-server.js';
import { closeOfMonthBeforeRun, giveCredit, makeStatement, statementOf } from '../deposit-helpers.js';

/**
 * A 외상 statement paid by card through two Toss windows, against the Toss stand-in
 * (docs/requirements.md#credit-deposits): the window approved after the statement was paid is not
 * confirmed at Toss (its authorisation lapses uncaptured); two approved at once both reach Toss, and
 * the one that finds the statement paid is cancelled there. Exactly one payment is taken.
 */
const SECRET_KEY = 'test_sk_statement_twice';
const ALREADY_PAID = '이미 결제된 명세서입니다. 결제하지 않았습니다.';
const DONE = '결제가 완료되었습니다.';

let toss: TossStandIn;
let server: TestServer;

beforeAll(async () => {
  ({ toss, server } = await startTossServer(SECRET_KEY, {
    TOSS_TIMEOUT_MS: '5000',
  }));
  await closeOfMonthBeforeRun(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await toss?.close();
});
beforeEach(() => {
  toss.onConfirm({ kind: 'normal' });
  toss.onFetch({ kind: 'normal' });
});

async function statementOfNewCompany(label: string, amount: number) {
  const c = await makeCompany(server, label, 0);
  await giveCredit(server, c.companyId);
  const seq = await makeStatement(server, c.companyId, '2026-04', amount, '2026-05-11');
  const token = (await createSession(server.db, c.main.seq)).token;
  return { c, seq, token };
}

/** A card window of the statement, authorised by the buyer in Toss's window. */
async function authorisedWindow(token: string, seq: number, amount: number) {
  const res = await call(server, 'payStatement', { seq, method: 'card' }, { token });
  expect(res.status).toBe(200);
  const orderId = res.body.results!.paymentId!;
  return toss.authorise(orderId, amount);
}
const success = (p: { paymentKey: string; orderId: string }, amount: number) =>
  rawCall(server, 'GET', `payCenter/toss/success?paymentKey=${p.paymentKey}&orderId=${p.orderId}&amount=${amount}`);
const statusOf = async (orderId: string) =>
  (await server.db.select().from(payments).where(eq(payments.gatewayId, orderId)))[0]!.status;
const confirmsOf = (orderId: string) =>
  toss.calls.filter((c) => c.path === '/v1/payments/confirm' && (c.body as { orderId: string }).orderId === orderId)
    .length;
const cardDeposits = async (companyId: number) =>
  (await server.db.select().from(deposits).where(eq(deposits.companyId, companyId))).map((d) => [d.source, d.amount]);
const pointOf = async (id: number) => (await server.db.select().from(companies).where(eq(companies.id, id)))[0]!.point;

describe('a statement paid by card in two Toss windows', () => {
  it('the window approved after the statement was paid is not confirmed at Toss; the page says why', async () => {
    const { c, seq, token } = await statementOfNewCompany('토스두창', 17_800);
    const first = await authorisedWindow(token, seq, 17_800);
    const second = await authorisedWindow(token, seq, 17_800);
    const paid = await success(first, 17_800);
    expect([paid.status, paid.text.includes(DONE)]).toEqual([200, true]);
    const refused = await success(second, 17_800);
    expect([refused.status, refused.text.includes(ALREADY_PAID)]).toEqual([409, true]);
    expect(confirmsOf(second.orderId)).toBe(0);
    // Never confirmed: the authorisation lapses at Toss uncaptured.
    expect(toss.payments.get(second.paymentKey)!.status).toBe('IN_PROGRESS');
    expect([await statusOf(first.orderId), await statusOf(second.orderId)]).toEqual(['paid', 'declined']);
    expect(await cardDeposits(c.companyId)).toEqual([['card', 17_800]]);
    expect(await pointOf(c.companyId)).toBe(0);
    expect(await statementOf(server, seq)).toMatchObject({ paid: 17_800, status: 'paid' });
  });

  it('two windows approved at once: both reach Toss, the second is cancelled there; one payment taken', async () => {
    const { c, seq, token } = await statementOfNewCompany('토스동시', 17_800);
    const windows = [await authorisedWindow(token, seq, 17_800), await authorisedWindow(token, seq, 17_800)];
    const held = toss.holdConfirms();
    const pages = windows.map((w) => success(w, 17_800));
    await until('both confirms reach Toss', async () => held.arrived() === 2 || undefined);
    held.release();
    const answers = await Promise.all(pages);
    const outcomes = answers.map((a) => [
      a.status,
      a.text.includes(DONE) ? 'done' : a.text.includes(ALREADY_PAID) ? 'already' : a.text,
    ]);
    expect(outcomes.sort()).toEqual([
      [200, 'done'],
      [409, 'already'],
    ]);
    const loser = windows[answers.findIndex((a) => a.status === 409)]!;
    const winner = windows.find((w) => w !== loser)!;
    const cancels = toss.calls.filter((x) => x.path.endsWith('/cancel'));
    expect(cancels.map((x) => [x.path, x.body])).toEqual([
      [`/v1/payments/${loser.paymentKey}/cancel`, { cancelReason: '이미 결제된 명세서라 결제 취소' }],
    ]);
    expect([toss.payments.get(winner.paymentKey)!.status, toss.payments.get(loser.paymentKey)!.status]).toEqual([
      'DONE',
      'CANCELED',
    ]);
    expect([await statusOf(winner.orderId), await statusOf(loser.orderId)]).toEqual(['paid', 'declined']);
    expect(await cardDeposits(c.companyId)).toEqual([['card', 17_800]]);
    expect(await pointOf(c.companyId)).toBe(0);
    expect(await statementOf(server, seq)).toMatchObject({ paid: 17_800, status: 'paid' });
    // Toss's webhook about the cancelled one changes nothing.
    const hook = await rawCall(server, 'POST', 'payCenter/toss/webhook', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(toss.statusChanged(loser.paymentKey)),
    });
    expect(hook.status).toBe(200);
    expect(await cardDeposits(c.companyId)).toEqual([['card', 17_800]]);
  });
});
