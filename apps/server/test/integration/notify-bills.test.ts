import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { notifySettings, smsOutbox, statements } from '../../src/db/schema.js';
import { rateEvents } from '../../src/db/rate-events.js';
import { runHandler } from '../../src/features/jobs/index.js';
import { phoneTextsKey, sendWithinAllowance, type NotifyProvider } from '../../src/features/notify/index.js';
import { call, startTestServer, until, type TestServer } from '../helpers.js';
import { makeProduct, placeOrder, seoulToday } from '../order-helpers.js';
import { creditBuyers, giveCredit, type CreditTokens } from '../credit-helpers.js';
import { giveInvoiceFields, type TestCompany } from '../member-helpers.js';

/**
 * 외상 bills by 알림톡 (docs/requirements.md#notifications): the month's statement, its account, its
 * re-send and its reminders are not crowded out by a day of order texts to the same phone; a re-send
 * that could not go says so instead of answering that it was sent.
 */
let server: TestServer;
let t: CreditTokens;
let buyer: TestCompany;
let seq: number;
const month = seoulToday().slice(0, 7);

const RESENT = '명세서를 다시 보냈습니다.';
const JUST_RESENT =
  '방금 다시 보낸 명세서입니다. 알림톡이 두 번 가지 않도록 이번에는 보내지 않았습니다. 1분 뒤에 다시 보낼 수 있습니다.';
const DAY_FULL =
  '오늘 이 업체의 번호로 보낼 수 있는 청구 알림톡(10건)을 모두 보내 이번에는 보내지 않았습니다. 내일 다시 보내세요.';
const NO_RECIPIENT =
  "명세서 알림톡을 받을 번호가 없어 보내지 않았습니다. 대표 계정의 휴대폰 번호와 알림 설정('외상 명세서 발행')을 확인하세요.";

/** The notify jobs of the statement, once every one of them has ended. */
const statementJobs = async () => {
  const jobs = () =>
    queryRows<{ key: string; state: string }>(
      server.db,
      sql`select singleton_key as key, state::text as state from pgboss.job
        where name = 'notify.send' and singleton_key like ${`statement:${seq}:%`} order by created_on`,
    );
  return (await until('the statement jobs ended', async () => {
    const rows = await jobs();
    return rows.every((j) => j.state === 'completed' || j.state === 'failed') ? rows : undefined;
  }))!;
};
/** The 알림톡 of `event` the buyer's phone received (dev outbox). */
const received = async (event: string) =>
  (
    await server.db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.phone, buyer.main.phone), eq(smsOutbox.event, event)))
  ).length;
/** `n` routine texts already went to the phone today (order messages, chat answers, restock texts). */
const routineTextsToday = (phone: string, n: number) =>
  server.db.insert(rateEvents).values(Array.from({ length: n }, () => ({ key: phoneTextsKey(phone) })));
const resend = () => call(server, 'adminResendStatement', { seq }, { token: t.staff });
/** The minute between two re-sends has passed. */
const aMinuteLater = () =>
  server.db
    .update(statements)
    .set({ resentAt: new Date(Date.now() - 61_000) })
    .where(eq(statements.id, seq));

beforeAll(async () => {
  server = await startTestServer();
  ({ buyer, tokens: t } = await creditBuyers(server, '청구알림'));
  await giveInvoiceFields(server, buyer.companyId);
  await giveCredit(server, t.admin, buyer.companyId, { limit: 1_000_000 });
  const productId = (await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000 })).id;
  const ordered = await placeOrder(server, t.main, [{ productId, qty: 2 }], { payWith: 'credit' });
  expect(ordered.body.code, ordered.body.message).toBe(201);
  const order = ordered.body.results!.orderSeq;
  for (const step of [
    { seq: order, status: 1 },
    // Picked up (placeOrder's default): handed over, no carrier.
    { seq: order, status: 2 },
  ])
    expect((await call(server, 'adminSetOrderStatus', step, { token: t.staff })).body.code).toBe(201);
});
afterAll(async () => {
  await server?.close();
});

describe('a phone that had its day of order texts', () => {
  it("still gets the month's statement, its virtual account and a re-send; six presses at once send one", async () => {
    // The order texts the buyer's phone had today: the routine day's 50.
    await routineTextsToday(buyer.main.phone, 50);
    const closed = await call(server, 'adminCloseMonth', { month, companyId: buyer.companyId }, { token: t.admin });
    expect([closed.body.code, closed.body.message]).toEqual([201, '1개 업체의 명세서를 마감했습니다.']);
    seq = (await call(server, 'adminStatementList', { month, companyId: buyer.companyId }, { token: t.staff })).body
      .results![0]!.seq;
    expect((await statementJobs()).map((j) => [j.key, j.state])).toEqual([[`statement:${seq}:issued`, 'completed']]);
    expect(await received('creditStatement')).toBe(1);
    expect(await until('the virtual account told', async () => (await received('statementAccount')) === 1)).toBe(true);

    const answers = await Promise.all(Array.from({ length: 6 }, () => resend()));
    expect(answers.map((a) => `${a.body.code} ${a.body.message}`).sort()).toEqual([
      ...Array.from({ length: 5 }, () => `200 ${JUST_RESENT}`),
      `201 ${RESENT}`,
    ]);
    expect((await statementJobs()).map((j) => j.state)).toEqual(['completed', 'completed']);
    expect(await received('creditStatement')).toBe(2);
  });

  it('a re-send past the day of bills (10 a phone) says it did not send, and writes nothing', async () => {
    // The statement, its account and the first re-send went today: 7 more re-sends fill the 10.
    for (let i = 0; i < 7; i++) {
      await aMinuteLater();
      expect([(await resend()).body.message]).toEqual([RESENT]);
    }
    expect((await statementJobs()).map((j) => j.state)).toEqual(Array.from({ length: 9 }, () => 'completed'));
    expect(await received('creditStatement')).toBe(9);
    await aMinuteLater();
    const refused = await resend();
    expect([refused.body.code, refused.body.message]).toEqual([429, DAY_FULL]);
    expect(await statementJobs()).toHaveLength(9);
    // Nothing claimed: the minute between re-sends starts from the last one that went.
    const [s] = await server.db
      .select({ resentAt: statements.resentAt })
      .from(statements)
      .where(eq(statements.id, seq));
    expect(Date.now() - s!.resentAt!.getTime()).toBeGreaterThan(60_000);
  });

  it('a re-send to a company whose main account turned the notice off says nobody gets it', async () => {
    await server.db
      .insert(notifySettings)
      .values({ memberId: buyer.main.seq, companyId: buyer.companyId, events: ['orderPaid'], phone: null });
    await server.db.delete(rateEvents).where(sql`${rateEvents.key} like 'notify%'`);
    await aMinuteLater();
    const refused = await resend();
    expect([refused.body.code, refused.body.message]).toEqual([409, NO_RECIPIENT]);
    await server.db.delete(notifySettings).where(eq(notifySettings.memberId, buyer.main.seq));
  });
});

describe('the bills of one phone past their day', () => {
  const countingNotify = () => {
    const sent: string[] = [];
    const notify: NotifyProvider = {
      name: 'counting',
      send: (m) => {
        sent.push(m.event);
        return Promise.resolve('alimtalk');
      },
    };
    return { sent, notify };
  };
  const reminder = (notify: NotifyProvider, key: string) =>
    runHandler(
      'notify.send',
      {
        id: randomUUID(),
        data: {
          event: 'creditReminder',
          companyId: buyer.companyId,
          values: {
            statement: '2026년 5월 외상 명세서',
            amount: 20_000,
            dueDate: '2026-06-10',
            note: '오늘이 결제기한입니다.',
          },
        },
        singletonKey: key,
        retryCount: 0,
      },
      { db: server.db, sms: server.ctx!.sms, notify, log: server.app.log },
    );

  it('are not dropped in silence: the job fails with the reason, for its retries and the jobs screen', async () => {
    const { sent, notify } = countingNotify();
    await server.db.delete(rateEvents).where(sql`${rateEvents.key} like 'notify%'`);
    await routineTextsToday(buyer.main.phone, 50);
    for (let i = 0; i < 10; i++) await reminder(notify, `bills:${i}`);
    expect(sent).toEqual(Array.from({ length: 10 }, () => 'creditReminder'));
    await expect(reminder(notify, 'bills:10')).rejects.toThrow(
      '이 번호는 오늘 받을 수 있는 청구 알림톡(10건)을 모두 받았습니다. 내일 발송 작업에서 다시 시도하세요.',
    );
    expect(sent).toHaveLength(10);
  });

  it('a bill whose send fails gives its count back', async () => {
    const phone = '01099990000';
    await server.db.delete(rateEvents).where(sql`${rateEvents.key} like ${`%${phone}`}`);
    const ok: string[] = [];
    for (let i = 0; i < 9; i++)
      await sendWithinAllowance(server.db, phone, server.app.log, 'creditStatement', async () => ok.push('bill'));
    const failing = () =>
      sendWithinAllowance(server.db, phone, server.app.log, 'creditStatement', () =>
        Promise.reject(new Error('제공자 장애')),
      );
    await expect(failing()).rejects.toThrow('제공자 장애');
    await expect(failing()).rejects.toThrow('제공자 장애');
    expect(
      await sendWithinAllowance(server.db, phone, server.app.log, 'creditStatement', async () => ok.push('last')),
    ).toBe(true);
    expect(ok).toHaveLength(10);
  });
});
