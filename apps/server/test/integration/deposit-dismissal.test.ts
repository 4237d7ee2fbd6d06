import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ADMIN, MSG_CREDIT, MSG_DEPOSIT } from '@partsmall/contract';
import { adminAudit, cashLedger, deposits } from '../../src/db/schema.js';
import { sweepRetention } from '../../src/features/retention/sweep.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { closeOfMonthBeforeRun, giveCredit } from '../deposit-helpers.js';
import { type TestCompany } from '../member-helpers.js';
import { makeBuyers, type BuyerTokens } from '../order-helpers.js';

/**
 * Setting a deposit of the review queue aside (docs/requirements.md#credit-deposits): money that pays
 * no customer's account leaves the queue with staff's reason, pays nobody, is audited, and goes when
 * its 5 years have passed (docs/requirements.md#retention).
 */
let server: TestServer;
let buyer: TestCompany;
let tokens: BuyerTokens;
const DAY = 86_400_000;
const YEAR = 365 * DAY;

beforeAll(async () => {
  server = await startTestServer();
  await closeOfMonthBeforeRun(server);
  const made = await makeBuyers(server, { buyer: '청솔오토', other: '백두카정비' });
  buyer = made.buyer;
  tokens = made.tokens;
  await giveCredit(server, buyer.companyId);
}, 60_000);
afterAll(() => server?.close());

/** A deposit whose name matches no company: it waits in the queue. */
async function queued(depositorName: string, amount: number): Promise<number> {
  const r = await call(
    server,
    'adminRecordDeposit',
    { depositorName, amount, depositedAt: '2026-05-07' },
    { token: tokens.staff },
  );
  expect([r.body.code, r.body.results?.status]).toEqual([201, 'review']);
  return r.body.results!.seq;
}

/** As staff unless another token, or none (`null`), is given. */
const dismiss = (body: Record<string, unknown>, token: string | null = tokens.staff) =>
  call(server, 'POST', 'api/admin/dismissDeposit', body, token ?? undefined);

async function statusOf(seq: number) {
  const [row] = await server.db
    .select({ status: deposits.status, reason: deposits.dismissReason, companyId: deposits.companyId })
    .from(deposits)
    .where(eq(deposits.id, seq));
  return row;
}

async function queueSeqs(): Promise<number[]> {
  return (await call(server, 'adminDepositQueue', {}, { token: tokens.staff })).body.results!.map((d) => d.seq);
}

describe('setting a queued deposit aside', () => {
  it('leaves the queue with its reason, pays nobody, is audited once; it cannot be set aside or assigned again', async () => {
    const seq = await queued('국민은행 이자', 1_234);
    expect(await queueSeqs()).toContain(seq);
    const cashBefore = await server.db.select().from(cashLedger);

    const r = await dismiss({ seq, reason: '  예금 이자 (고객 대금 아님)  ' });
    expect([r.status, r.body.message]).toEqual([200, MSG_DEPOSIT.dismissed]);
    expect(r.body.results).toMatchObject({
      seq,
      status: 'ignored',
      statusLabel: '제외',
      companyId: null,
      dismissReason: '예금 이자 (고객 대금 아님)',
      applications: [],
    });
    expect(r.body.results).not.toHaveProperty('reviewReason');
    expect(Date.now() - Date.parse((r.body.results as { dismissedAt: string }).dismissedAt)).toBeLessThan(60_000);
    expect(await queueSeqs()).not.toContain(seq);
    expect(await server.db.select().from(cashLedger)).toEqual(cashBefore);
    // Listed with those set aside, the newest first, with its reason.
    const aside = await call(server, 'adminDepositQueue', { status: 'ignored' }, { token: tokens.staff });
    expect(aside.body.results![0]).toMatchObject({
      seq,
      depositorName: '국민은행 이자',
      dismissReason: '예금 이자 (고객 대금 아님)',
    });
    expect(aside.body.total).toBe(aside.body.results!.length);
    const audit = await server.db
      .select({ before: adminAudit.before, after: adminAudit.after })
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'dismissDeposit'), eq(adminAudit.target, `deposit:${seq}`)));
    expect(audit).toEqual([
      { before: { status: 'review' }, after: { status: 'ignored', reason: '예금 이자 (고객 대금 아님)' } },
    ]);

    const again = await dismiss({ seq, reason: '다시' });
    expect([again.status, again.body.message]).toEqual([409, MSG_CREDIT.depositResolved]);
    const assign = await call(
      server,
      'adminAssignDeposit',
      { seq, companyId: buyer.companyId },
      { token: tokens.staff },
    );
    expect([assign.status, assign.body.message]).toEqual([409, MSG_CREDIT.depositResolved]);
    expect(await statusOf(seq)).toEqual({ status: 'ignored', reason: '예금 이자 (고객 대금 아님)', companyId: null });
  });

  it('an applied deposit cannot be set aside', async () => {
    const seq = await queued('박청솔', 2_500);
    const assigned = await call(
      server,
      'adminAssignDeposit',
      { seq, companyId: buyer.companyId },
      { token: tokens.staff },
    );
    expect(assigned.status).toBe(200);
    const r = await dismiss({ seq, reason: '잘못 배정' });
    expect([r.status, r.body.message]).toEqual([409, MSG_CREDIT.depositResolved]);
    expect(await statusOf(seq)).toEqual({ status: 'applied', reason: null, companyId: buyer.companyId });
  });

  it('a reason of 2 to 200 characters is kept; an empty, blank, shorter or longer one, or none, is refused and changes nothing', async () => {
    const seq = await queued('오류 입금자', 3_100);
    for (const reason of ['', '   ', '가', ' 가 ', '가'.repeat(201), 7, null, undefined]) {
      const r = await dismiss({ seq, reason });
      expect([r.status, r.body.message]).toEqual([400, MSG_ADMIN.reasonRequired]);
    }
    expect(await statusOf(seq)).toEqual({ status: 'review', reason: null, companyId: null });
    const unknown = await dismiss({ seq: 99_999_999, reason: '반환' });
    expect([unknown.status, unknown.body.message]).toEqual([404, MSG_CREDIT.depositNotFound]);

    const r = await dismiss({ seq, reason: '나'.repeat(200) });
    expect(r.status).toBe(200);
    expect(await statusOf(seq)).toEqual({ status: 'ignored', reason: '나'.repeat(200), companyId: null });
    const shortest = await queued('두 글자', 3_200);
    expect((await dismiss({ seq: shortest, reason: '이자' })).status).toBe(200);
    expect(await statusOf(shortest)).toEqual({ status: 'ignored', reason: '이자', companyId: null });
  });

  it('the list of those set aside: the newest first; another status is refused', async () => {
    const [first, second] = [await queued('먼저 제외', 8_100), await queued('나중 제외', 8_200)];
    expect((await dismiss({ seq: first, reason: '반환 완료' })).status).toBe(200);
    expect((await dismiss({ seq: second, reason: '계좌 간 이체' })).status).toBe(200);
    const aside = await call(server, 'adminDepositQueue', { status: 'ignored' }, { token: tokens.staff });
    const seqs = aside.body.results!.map((d) => d.seq);
    expect(seqs.indexOf(second)).toBeLessThan(seqs.indexOf(first));
    expect(aside.body.results!.every((d) => d.status === 'ignored')).toBe(true);
    const waiting = await call(server, 'adminDepositQueue', { status: 'review' }, { token: tokens.staff });
    expect(waiting.body.results!.map((d) => d.seq)).not.toContain(first);
    for (const status of ['applied', 'reversed', '', 3]) {
      const r = await call(server, 'POST', 'api/admin/depositQueue', { status }, tokens.staff);
      expect(r.status).toBe(400);
    }
  });

  it('a visitor is 401 and a buyer 403; nothing changes', async () => {
    const seq = await queued('권한 확인', 4_200);
    expect((await dismiss({ seq, reason: '반환' }, null)).status).toBe(401);
    expect((await dismiss({ seq, reason: '반환' }, tokens.main)).status).toBe(403);
    expect(await statusOf(seq)).toEqual({ status: 'review', reason: null, companyId: null });
  });

  it('set aside and assigned at once: one wins, the other is 409, and the money is counted once', async () => {
    const seqs = await Promise.all([5_001, 5_002, 5_003, 5_004, 5_005, 5_006].map((a) => queued(`동시 ${a}`, a)));
    const cash = async () =>
      (await server.db.select({ amount: cashLedger.amount }).from(cashLedger)).reduce((sum, r) => sum + r.amount, 0);
    const before = await cash();
    // Each pair sent in both orders, in turn.
    const answers = await Promise.all(
      seqs.map(async (seq, i) => {
        const aside = () => dismiss({ seq, reason: '반환' });
        const assign = () =>
          call(server, 'adminAssignDeposit', { seq, companyId: buyer.companyId }, { token: tokens.staff });
        const pair = i % 2 ? [aside(), assign()] : [assign(), aside()];
        return (await Promise.all(pair)).map((a) => a.status).sort();
      }),
    );
    expect(answers).toEqual(seqs.map(() => [200, 409]));
    const rows = await server.db
      .select({ id: deposits.id, status: deposits.status, amount: deposits.amount, toCash: deposits.toCash })
      .from(deposits)
      .where(inArray(deposits.id, seqs));
    const applied = rows.filter((r) => r.status === 'applied');
    expect(rows.filter((r) => r.status !== 'applied').map((r) => r.status)).toEqual(
      Array(seqs.length - applied.length).fill('ignored'),
    );
    // Nothing is open for the company: each deposit assigned went whole to its cash, once.
    expect(applied.map((r) => r.toCash)).toEqual(applied.map((r) => r.amount));
    expect((await cash()) - before).toBe(applied.reduce((sum, r) => sum + r.amount, 0));
  });
  it('set aside twice at once: one 200, one 409, one audit row each', async () => {
    const seqs = await Promise.all([7_001, 7_002, 7_003, 7_004].map((a) => queued(`중복 ${a}`, a)));
    const answers = await Promise.all(
      seqs.map(async (seq) =>
        (await Promise.all([dismiss({ seq, reason: '첫 번째' }), dismiss({ seq, reason: '두 번째' })]))
          .map((a) => a.status)
          .sort(),
      ),
    );
    expect(answers).toEqual(seqs.map(() => [200, 409]));
    const audited = await server.db
      .select({ target: adminAudit.target })
      .from(adminAudit)
      .where(
        and(
          eq(adminAudit.action, 'dismissDeposit'),
          inArray(
            adminAudit.target,
            seqs.map((s) => `deposit:${s}`),
          ),
        ),
      );
    expect(audited.map((a) => a.target).sort()).toEqual(seqs.map((s) => `deposit:${s}`).sort());
  });
});

describe('a deposit set aside by mistake', () => {
  const restore = (seq: number, token: string | null = tokens.staff) =>
    call(server, 'POST', 'api/admin/restoreDeposit', { seq }, token ?? undefined);

  it('goes back to the queue without its reason, audited; then it can be assigned', async () => {
    const seq = await queued('청솔오토 김대리', 9_100);
    expect((await dismiss({ seq, reason: '잘못 누름' })).status).toBe(200);
    const r = await restore(seq);
    expect([r.status, r.body.message]).toEqual([200, MSG_DEPOSIT.restored]);
    expect(r.body.results).toMatchObject({
      seq,
      status: 'review',
      reviewReason: '입금자명과 일치하는 업체가 없습니다.',
    });
    expect(r.body.results).not.toHaveProperty('dismissReason');
    expect(await statusOf(seq)).toEqual({ status: 'review', reason: null, companyId: null });
    expect(await queueSeqs()).toContain(seq);
    const audit = await server.db
      .select({ before: adminAudit.before, after: adminAudit.after })
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'restoreDeposit'), eq(adminAudit.target, `deposit:${seq}`)));
    expect(audit).toEqual([{ before: { status: 'ignored', reason: '잘못 누름' }, after: { status: 'review' } }]);

    const assigned = await call(
      server,
      'adminAssignDeposit',
      { seq, companyId: buyer.companyId },
      { token: tokens.staff },
    );
    expect(assigned.body.results).toMatchObject({ status: 'applied', companyId: buyer.companyId });
  });

  it('only a deposit set aside: one waiting is 409, an unknown one 404; twice at once, one wins', async () => {
    const waiting = await queued('되돌림 대기', 9_200);
    const r = await restore(waiting);
    expect([r.status, r.body.message]).toEqual([409, MSG_CREDIT.depositNotDismissed]);
    const unknown = await restore(99_999_999);
    expect([unknown.status, unknown.body.message]).toEqual([404, MSG_CREDIT.depositNotFound]);
    expect((await restore(waiting, null)).status).toBe(401);
    expect((await restore(waiting, tokens.main)).status).toBe(403);

    const seqs = await Promise.all([9_301, 9_302, 9_303].map((a) => queued(`되돌림 ${a}`, a)));
    for (const seq of seqs) expect((await dismiss({ seq, reason: '반환' })).status).toBe(200);
    const answers = await Promise.all(
      seqs.map(async (seq) => (await Promise.all([restore(seq), restore(seq)])).map((a) => a.status).sort()),
    );
    expect(answers).toEqual(seqs.map(() => [200, 409]));
  });
});

describe('retention', () => {
  it('a deposit set aside goes 5 years after; one still waiting and an applied one stay', async () => {
    const aside = await queued('반환 대상 김철수', 6_100);
    const waiting = await queued('미확인 이영희', 6_200);
    const applied = await queued('청솔 입금', 6_300);
    expect((await dismiss({ seq: aside, reason: '보낸 분께 반환' })).status).toBe(200);
    expect(
      (await call(server, 'adminAssignDeposit', { seq: applied, companyId: buyer.companyId }, { token: tokens.staff }))
        .status,
    ).toBe(200);
    const kept = async () =>
      (
        await server.db
          .select({ id: deposits.id })
          .from(deposits)
          .where(inArray(deposits.id, [aside, waiting, applied]))
      )
        .map((r) => r.id)
        .sort((a, b) => a - b);

    await sweepRetention(server.db, new Date(Date.now() + 5 * YEAR - DAY));
    expect(await kept()).toEqual([aside, waiting, applied].sort((a, b) => a - b));
    await sweepRetention(server.db, new Date(Date.now() + 5 * YEAR + 3 * DAY));
    expect(await kept()).toEqual([waiting, applied].sort((a, b) => a - b));
  });
});
