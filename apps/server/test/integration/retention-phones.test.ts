import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, notifySettings, phoneCodes, rateEvents, smsOutbox } from '../../src/db/schema.js';
import { sweepRetention } from '../../src/features/retention/sweep.js';
import { freshDatabase, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, withdrawAccount, type TestAccount, type TestCompany } from '../member-helpers.js';

/**
 * The phones a withdrawal forgets include the one an account chose for its notices ('알림 설정'), and
 * the daily sweep removes every phone code two days after it was sent (docs/requirements.md#retention).
 */
let server: TestServer;
let swept: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  server = await startTestServer();
  swept = await freshDatabase();
});
afterAll(async () => {
  await server?.close();
  await swept?.drop();
});

/** A 알림 phone of its own for the account (none of the account's other numbers), with its code, texts and day count. */
async function chooseNotifyPhone(shop: TestCompany, account: TestAccount, prefix: string): Promise<string> {
  const phone = `${prefix}${String(account.seq).padStart(7, '0')}`;
  const db = server.db;
  await db
    .insert(notifySettings)
    .values({ memberId: account.seq, companyId: shop.companyId, events: ['orderPaid'], phone });
  await db
    .insert(phoneCodes)
    .values({ phone, purpose: 'notify', codeHash: `h-${phone}`, expiresAt: new Date(Date.now() + 60_000) });
  await db.insert(smsOutbox).values([
    { phone, text: '[파츠몰] 인증번호 246810' },
    { phone, text: '[파츠몰] 주문하신 상품의 결제가 완료되었습니다.' },
  ]);
  await db.insert(rateEvents).values({ key: `notifytext:phone:${phone}` });
  return phone;
}

/** What is kept of each phone: its codes, its texts and its notification day counts. */
async function traces(phones: string[]) {
  const db = server.db;
  const codes = await db.select({ phone: phoneCodes.phone }).from(phoneCodes).where(inArray(phoneCodes.phone, phones));
  const texts = await db.select({ phone: smsOutbox.phone }).from(smsOutbox).where(inArray(smsOutbox.phone, phones));
  const keys = phones.map((p) => `notifytext:phone:${p}`);
  const counts = await db.select({ key: rateEvents.key }).from(rateEvents).where(inArray(rateEvents.key, keys));
  return Object.fromEntries(
    phones.map((p) => [
      p,
      {
        codes: codes.filter((r) => r.phone === p).length,
        texts: texts.filter((r) => r.phone === p).length,
        counts: counts.filter((r) => r.key === `notifytext:phone:${p}`).length,
      },
    ]),
  );
}

const kept = { codes: 1, texts: 2, counts: 1 };
const gone = { codes: 0, texts: 0, counts: 0 };

describe('a withdrawal forgets the 알림 phone', () => {
  it("a sub-account's 알림 phone loses its code, texts and day count; the main account's and another company's stay", async () => {
    const shop = await makeCompany(server, '알림폰부계정', 1);
    const other = await makeCompany(server, '알림폰이웃', 0);
    const sub = shop.subs[0]!;
    const subPhone = await chooseNotifyPhone(shop, sub, '0105');
    const mainPhone = await chooseNotifyPhone(shop, shop.main, '0106');
    const otherPhone = await chooseNotifyPhone(other, other.main, '0106');
    const res = await withdrawAccount(server, sub);
    expect([res.status, res.body.code]).toEqual([200, 201]);
    expect(await traces([subPhone, mainPhone, otherPhone])).toEqual({
      [subPhone]: gone,
      [mainPhone]: kept,
      [otherPhone]: kept,
    });
  });

  it("a sub-account whose 알림 phone is the main account's own: that phone keeps its code, texts and day count", async () => {
    const shop = await makeCompany(server, '알림폰공유', 1);
    const sub = shop.subs[0]!;
    const mainPhone = await chooseNotifyPhone(shop, shop.main, '0107');
    await server.db.update(members).set({ phone: mainPhone }).where(eq(members.id, shop.main.seq));
    await server.db
      .insert(notifySettings)
      .values({ memberId: sub.seq, companyId: shop.companyId, events: [], phone: mainPhone });
    const res = await withdrawAccount(server, sub);
    expect([res.status, res.body.code]).toEqual([200, 201]);
    expect(await traces([mainPhone])).toEqual({ [mainPhone]: kept });
  });

  it("a main account taking the company along: every account's 알림 phone is forgotten; another company's stays", async () => {
    const shop = await makeCompany(server, '알림폰회사', 1);
    const other = await makeCompany(server, '알림폰남는회사', 0);
    const mainPhone = await chooseNotifyPhone(shop, shop.main, '0105');
    const subPhone = await chooseNotifyPhone(shop, shop.subs[0]!, '0106');
    const otherPhone = await chooseNotifyPhone(other, other.main, '0105');
    const res = await withdrawAccount(server, shop.main);
    expect([res.status, res.body.code]).toEqual([200, 201]);
    expect(await traces([mainPhone, subPhone, otherPhone])).toEqual({
      [mainPhone]: gone,
      [subPhone]: gone,
      [otherPhone]: kept,
    });
    const settings = await server.db
      .select({ memberId: notifySettings.memberId })
      .from(notifySettings)
      .where(eq(notifySettings.companyId, shop.companyId));
    expect(settings).toEqual([]);
  });
});

describe('the sweep prunes phone codes', () => {
  it('codes sent more than 2 days before the sweep go, whoever they were for; younger ones stay', async () => {
    const now = new Date('2026-11-26T03:00:00.000Z');
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    // A join never finished, a find, a 알림 phone: each code named by its age in hours.
    const ages = [0, 23, 47, 48, 49, 24 * 30];
    await swept.db.insert(phoneCodes).values(
      ages.map((h, i) => ({
        phone: `0104000${String(h).padStart(4, '0')}`,
        purpose: (['join', 'find', 'notify'] as const)[i % 3]!,
        codeHash: `age-${h}`,
        createdAt: hoursAgo(h),
        expiresAt: new Date(hoursAgo(h).getTime() + 180_000),
      })),
    );
    const left = async () =>
      (await swept.db.select({ hash: phoneCodes.codeHash }).from(phoneCodes).orderBy(asc(phoneCodes.id))).map(
        (r) => r.hash,
      );
    await sweepRetention(swept.db, now);
    expect(await left()).toEqual(['age-0', 'age-23', 'age-47', 'age-48']);
    await sweepRetention(swept.db, now);
    expect(await left()).toEqual(['age-0', 'age-23', 'age-47', 'age-48']);
  });
});
