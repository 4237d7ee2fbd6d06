import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_LIMIT, startOfSeoulDay, type SetNotifySettingsRequest } from '@partsmall/contract';
import { members } from '../../src/db/schema.js';
import { rateEvents } from '../../src/db/rate-events.js';
import { runHandler } from '../../src/features/jobs/index.js';
import { phoneTextsKey, sendWithinAllowance, type NotifyProvider } from '../../src/features/notify/index.js';
import type { SmsProvider } from '../../src/features/sms/index.js';
import {
  call,
  latestCode,
  loginAs,
  startTestServer,
  wrongCode,
  type TestServer,
  type TypedResult,
} from '../helpers.js';
import { makeCompany, randomPhone, type TestCompany } from '../member-helpers.js';
import { saveWithNewPhone } from '../notify-helpers.js';
import { makeProduct } from '../order-helpers.js';

/**
 * Texts to any phone (docs/requirements.md#notifications, docs/security.md#phone-codes-and-sms-cost):
 * a notification phone is verified like any other, one text reaches a phone once however many
 * accounts name it, and a phone gets at most NOTIFY_LIMIT texts a Seoul day.
 */
let server: TestServer;
let shop: TestCompany;
let main: string;

const saved = async (token: string) => (await call(server, 'getNotifySettings', undefined, { token })).body.results!;
const save = (token: string, body: SetNotifySettingsRequest): Promise<TypedResult<'setNotifySettings'>> =>
  call(server, 'setNotifySettings', body, { token });

beforeAll(async () => {
  server = await startTestServer();
  shop = await makeCompany(server, '번호인증', 2);
  main = await loginAs(server, shop.main.id, shop.main.pw);
});
afterAll(async () => {
  await server?.close();
});

describe("'알림 설정' phone", () => {
  it('a new phone without a code is refused in Korean and nothing is saved (the original payload)', async () => {
    const before = await saved(main);
    const res = await save(main, { events: ['shipped'], phone: randomPhone() });
    expect([res.status, res.body.field, res.body.message]).toEqual([
      400,
      'authCode',
      '새 휴대폰 번호로 알림을 받으려면 인증번호를 받아 입력하세요.',
    ]);
    expect(await saved(main)).toEqual(before);
  });

  it('a wrong code is refused and counted; the code sent to the phone saves it, once', async () => {
    const phone = randomPhone();
    const sent = await call(server, 'notifyPhoneCode', { phone }, { token: main });
    expect([sent.status, sent.body.message]).toEqual([200, '인증번호를 발송했습니다. 3분 안에 입력하세요.']);
    const code = await latestCode(server, phone);
    const wrong = await save(main, { events: ['shipped'], phone, authCode: wrongCode(code) });
    expect([wrong.status, wrong.body.field, wrong.body.message]).toEqual([
      400,
      'authCode',
      '인증번호가 일치하지 않습니다.',
    ]);
    expect((await saved(main)).phone).toBeNull();
    const ok = await save(main, { events: ['shipped'], phone, authCode: code });
    expect([ok.status, ok.body.results!.phone, ok.body.results!.events]).toEqual([200, phone, ['shipped']]);
    // The code is used up: another account cannot save the phone with it.
    const sub = await loginAs(server, shop.subs[0]!.id, shop.subs[0]!.pw);
    const again = await save(sub, { events: ['shipped'], phone, authCode: code });
    expect([again.status, again.body.field]).toEqual([400, 'authCode']);
  });

  it('the saved phone, the account’s own and a verified phone of the company save without a code', async () => {
    const phone = (await saved(main)).phone!;
    const unchanged = await save(main, { events: ['orderPaid', 'shipped'], phone });
    expect([unchanged.status, unchanged.body.results!.events]).toEqual([200, ['orderPaid', 'shipped']]);
    const own = await save(main, { events: ['shipped'], phone: shop.main.phone });
    expect([own.status, own.body.results!.phone]).toEqual([200, shop.main.phone]);
    const empty = await save(main, { events: ['shipped'], phone: '' });
    expect([empty.status, empty.body.results!.phone]).toEqual([200, null]);
    // A sub-account may name the main account's verified phone; not an unverified colleague's.
    await server.db.update(members).set({ phoneVerified: true }).where(eq(members.id, shop.main.seq));
    await server.db.update(members).set({ phoneVerified: false }).where(eq(members.id, shop.subs[0]!.seq));
    const sub = await loginAs(server, shop.subs[1]!.id, shop.subs[1]!.pw);
    const toMain = await save(sub, { events: ['shipped'], phone: shop.main.phone });
    expect([toMain.status, toMain.body.results!.phone]).toEqual([200, shop.main.phone]);
    const toColleague = await save(sub, { events: ['shipped'], phone: shop.subs[0]!.phone });
    expect([toColleague.status, toColleague.body.field]).toEqual([400, 'authCode']);
  });

  it('codes for a notification phone keep the limits of every code: one a minute', async () => {
    const phone = randomPhone();
    expect((await call(server, 'notifyPhoneCode', { phone }, { token: main })).status).toBe(200);
    const second = await call(server, 'notifyPhoneCode', { phone }, { token: main });
    expect(second.status).toBe(429);
    expect(second.body.message).toMatch(/[가-힣]/);
    expect((await call(server, 'notifyPhoneCode', { phone })).status).toBe(401);
  });

  it('the member area saves a new phone with its code (helper used by the other tests)', async () => {
    const phone = randomPhone();
    const res = await saveWithNewPhone(server, main, { events: ['shipped'], phone });
    expect([res.status, res.body.results!.phone]).toEqual([200, phone]);
  });
});

describe('texts per phone', () => {
  /** A provider that only counts what it was asked to send, per phone. */
  function countingSms() {
    const sent: string[] = [];
    const sms: SmsProvider = {
      name: 'counting',
      hasOutbox: false,
      send: (phone) => {
        sent.push(phone);
        return Promise.resolve();
      },
    };
    return { sms, sent };
  }

  it('four accounts sharing one phone get one restock text per restock, not four', async () => {
    const company = await makeCompany(server, '공유번호', 3);
    const shared = randomPhone();
    const ids = [company.main.seq, ...company.subs.map((s) => s.seq)];
    // Sub-accounts' phones are not verified (the main account vouches for them), so they may share one.
    for (const id of ids)
      await server.db.update(members).set({ phone: shared, phoneVerified: false }).where(eq(members.id, id));
    const product = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
    const { sms, sent } = countingSms();
    for (let restock = 0; restock < 4; restock++)
      await runHandler(
        'sms.restock',
        {
          id: randomUUID(),
          data: { productId: product.id, memberIds: ids },
          singletonKey: `product:${product.id}:${restock}`,
          retryCount: 0,
        },
        { db: server.db, sms, log: server.app.log },
      );
    expect(sent).toEqual([shared, shared, shared, shared]);
  });

  it(`a phone gets at most ${NOTIFY_LIMIT.textsPerPhonePerDay} notification texts a day, 알림톡 and restock together`, async () => {
    expect(NOTIFY_LIMIT.textsPerPhonePerDay).toBe(50);
    const company = await makeCompany(server, '상한', 0);
    const product = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
    const { sms, sent } = countingSms();
    const notices: string[] = [];
    const notify: NotifyProvider = {
      name: 'counting',
      send: (m) => {
        notices.push(m.to);
        return Promise.resolve('alimtalk');
      },
    };
    const deps = { db: server.db, sms, notify, log: server.app.log };
    for (let i = 0; i < 30; i++)
      await runHandler(
        'notify.send',
        {
          id: randomUUID(),
          data: {
            event: 'chatReply',
            companyId: company.companyId,
            memberId: company.main.seq,
            values: { preview: '네' },
          },
          singletonKey: `cap:${company.companyId}:${i}`,
          retryCount: 0,
        },
        deps,
      );
    for (let i = 0; i < 30; i++)
      await runHandler(
        'sms.restock',
        {
          id: randomUUID(),
          data: { productId: product.id, memberIds: [company.main.seq] },
          singletonKey: `product:${product.id}:cap:${i}`,
          retryCount: 0,
        },
        deps,
      );
    expect([notices.length, sent.length]).toEqual([30, 20]);
    expect(new Set([...notices, ...sent])).toEqual(new Set([company.main.phone]));
    // Another phone is not affected.
    const other = await makeCompany(server, '다른번호', 0);
    await runHandler(
      'sms.restock',
      {
        id: randomUUID(),
        data: { productId: product.id, memberIds: [other.main.seq] },
        singletonKey: `product:${product.id}:other`,
        retryCount: 0,
      },
      deps,
    );
    expect(sent.at(-1)).toBe(other.main.phone);
  });

  it("the day's allowance starts again at midnight in Seoul: yesterday evening's texts do not count, today's do", async () => {
    const phone = randomPhone();
    const midnight = startOfSeoulDay(new Date());
    const write = (at: Date, n: number) =>
      server.db
        .insert(rateEvents)
        .values(Array.from({ length: n }, () => ({ key: phoneTextsKey(phone), createdAt: at })));
    const sent: string[] = [];
    const text = (what: string) =>
      sendWithinAllowance(server.db, phone, server.app.log, 'test', async () => sent.push(what));
    // A full day's texts a minute before midnight: today's first text still goes.
    await write(new Date(midnight.getTime() - 60_000), NOTIFY_LIMIT.textsPerPhonePerDay);
    expect(await text('first today')).toBe(true);
    // Today's (the one just sent and the rest of the cap, a second after midnight): the next is refused.
    await write(new Date(midnight.getTime() + 1000), NOTIFY_LIMIT.textsPerPhonePerDay - 1);
    expect(await text('past the cap')).toBe(false);
    expect(sent).toEqual(['first today']);
  });

  it('a send that fails gives its count back: tries during an outage do not use the day up', async () => {
    const phone = randomPhone();
    await server.db
      .insert(rateEvents)
      .values(Array.from({ length: NOTIFY_LIMIT.textsPerPhonePerDay - 1 }, () => ({ key: phoneTextsKey(phone) })));
    const sent: string[] = [];
    const failing = () =>
      sendWithinAllowance(server.db, phone, server.app.log, 'test', () => Promise.reject(new Error('제공자 장애')));
    // Two failed tries at the last text of the day, then the try that can send: it goes.
    await expect(failing()).rejects.toThrow('제공자 장애');
    await expect(failing()).rejects.toThrow('제공자 장애');
    expect(await sendWithinAllowance(server.db, phone, server.app.log, 'test', async () => sent.push('last'))).toBe(
      true,
    );
    expect(await sendWithinAllowance(server.db, phone, server.app.log, 'test', async () => sent.push('over'))).toBe(
      false,
    );
    expect(sent).toEqual(['last']);
  });
});
