import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MSG,
  MSG_ADMIN,
  MSG_CATALOGUE,
  MSG_MEMBER,
  MSG_ORDER,
  MSG_SHOP,
  type CatalogueReport,
  type AdminOrderDetail,
  type AdminProduct,
  type ClientBaseInfoEvent,
  type CompanyDetail,
  type CompanyRow,
  type ImportProductsResult,
} from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { lockFor } from '../../src/db/locks.js';
import { companies, members, orderEvents, orderLines, orders, payments, products } from '../../src/db/schema.js';
import { call, lockWaiters, loginAs, nextEvent, startTestServer, tradeSocket, type TestServer } from '../helpers.js';
import { decodeQueue } from '../../src/features/chat/images.js';
import { png, zipArchive } from '../chat-images.js';
import { openChat } from '../chat-helpers.js';
import { expectLedgerMatchesBalances, makeCompany, type TestCompany } from '../member-helpers.js';
import {
  balanceOf,
  CHINA,
  fund,
  insertOrder,
  KOREA,
  makeProduct,
  placeOrder,
  seoulDayOf,
  seoulMidnight,
  type OrderFixture,
  COURIER,
} from '../order-helpers.js';

/**
 * The back office's writes (docs/requirements.md#back-office): concurrent order moves, bulk shipment, cash adjustments
 * (ledger = balance, never below zero), the deposit confirmation crediting once, products with
 * the tier rule, duplicates, stock and pictures, CSV import all-or-nothing, notices, inquiries,
 * configuration; every write leaves an audit row and every refusal writes nothing.
 */
let server: TestServer;
let shop: TestCompany;
let buyer: string;
let staff: string;
let staff2: string;
let admin: string;

beforeAll(async () => {
  // A grid cache that would keep answers a whole minute: a product write must empty it.
  server = await startTestServer({ productListCacheMs: 60_000 });
  shop = await makeCompany(server, '백오피스', 0);
  [buyer, staff, staff2, admin] = await Promise.all([
    loginAs(server, shop.main.id, shop.main.pw),
    loginAs(server, 'staff@partsmall.kr', 'staff1234'),
    loginAs(server, 'staff@partsmall.kr', 'staff1234'),
    loginAs(server, 'admin@partsmall.kr', 'admin1234'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

const auditOf = (target: string) =>
  queryRows<{ action: string; before: unknown; after: unknown }>(
    server.db,
    sql`select action, before, after from admin_audit where target = ${target} order by id`,
  );
const post = <T = unknown>(path: string, body: Record<string, unknown>, token: string) =>
  call<T>(server, 'POST', `api/admin/${path}`, body, token);
/** A product at one price for every tier and on sale, 10 in stock. */
const productAt = (price: number) =>
  makeProduct(server, { tiers: [price, price, price, price], salePrice: price, stock: 10 });
/** An order of the back-office company's main account. */
const shopOrder = (fields: Omit<OrderFixture, 'companyId' | 'memberId'>) =>
  insertOrder(server, { companyId: shop.companyId, memberId: shop.main.seq, ...fields });

describe('orders', () => {
  it('two staff moving one order at once: exactly one wins, one event, one audit row', async () => {
    const p = await productAt(7000);
    const seq = await shopOrder({ status: 0, productId: p.id, qty: 1, totalAmount: 7000, shipping: 6000 });
    const cash = await balanceOf(server, shop.companyId);
    const [a, b] = await Promise.all([
      post('setOrderStatus', { seq, status: 1 }, staff),
      post('setOrderStatus', { seq, status: 3 }, staff2),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual([201, 409]);
    const loser = a.body.code === 409 ? a : b;
    expect(loser.body.message).toBe(MSG_ORDER.statusMoveRefused);
    const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, seq));
    expect(events).toHaveLength(1);
    const [row] = await server.db.select().from(orders).where(eq(orders.id, seq));
    expect(row!.status).toBe(events[0]!.toStatus);
    // The winner's refund happened once (3) or not at all (1).
    expect(await balanceOf(server, shop.companyId)).toBe(cash + (row!.status === 3 ? 13_000 : 0));
    expect((await auditOf(`order:${seq}`)).map((r) => r.action)).toEqual(['setOrderStatus']);
  });

  it('the status history names the purchase request once: a paid order, and an order stored without its first event', async () => {
    const p = await productAt(6000);
    await fund(server, shop.companyId, 100_000);
    const paid = await placeOrder(server, buyer, [{ productId: p.id, qty: 1 }], { shippingInfo: COURIER });
    expect(paid.body.code).toBe(201);
    const seq = paid.body.results!.orderSeq;
    expect((await post('setOrderStatus', { seq, status: 1 }, staff)).body.code).toBe(201);
    const moves = (d: AdminOrderDetail | undefined) => d?.events.map((e) => [e.fromStatus, e.toStatus, e.memberName]);
    const detail = await post<AdminOrderDetail>('orderDetail', { seq }, staff);
    expect(moves(detail.body.results)).toEqual([
      [null, 0, shop.main.name],
      [0, 1, '상담원 김하늘'],
    ]);

    // An order written without the payment's first event still starts with exactly one.
    const bare = await shopOrder({ status: 0, productId: p.id });
    const bareDetail = await post<AdminOrderDetail>('orderDetail', { seq: bare }, staff);
    expect(moves(bareDetail.body.results)).toEqual([[null, 0, shop.main.name]]);
    expect(bareDetail.body.results?.events[0]?.createdAt).toBe(bareDetail.body.results?.order.created);
  });

  it('shipment complete needs carrier and waybill; the detail shows the refund a cancel would give', async () => {
    const p = await productAt(5000);
    const seq = await shopOrder({ status: 1, productId: p.id, qty: 2, totalAmount: 10_000, shipping: 6000 });
    const detail = await post<AdminOrderDetail>('orderDetail', { seq }, staff);
    expect(detail.body.results?.refunds).toEqual({ '8': 16_000 });
    expect(detail.body.results?.vins).toEqual(['']);
    const refused = await post('setOrderStatus', { seq, status: 2 }, staff);
    expect([refused.status, refused.body.message]).toEqual([400, MSG_ORDER.carrierRequired]);
    const shipped = await post(
      'setOrderStatus',
      { seq, status: 2, carrier: 'CJ대한통운', waybill: '6543210987' },
      staff,
    );
    expect(shipped.body.code).toBe(201);
    const seen = await call(server, 'getMallOrderDetail', { seq }, { token: buyer });
    expect([seen.body.results?.status, seen.body.results?.waybill]).toEqual([2, '6543210987']);
  });

  it('bulk shipment confirmed moves the purchase requests once each and lists the others as refused', async () => {
    const p = await productAt(3000);
    const first = await shopOrder({ status: 0, productId: p.id });
    const second = await shopOrder({ status: 0, productId: p.id });
    const done = await shopOrder({ status: 2, productId: p.id, shippedAt: new Date() });
    // A number ticked twice (two list pages both selected) is one move, not a move and a refusal.
    const res = await post<{ moved: number[]; refused: { seq: number; message: string }[] }>(
      'bulkShipConfirm',
      { seqs: [first, second, done, first] },
      staff,
    );
    expect(res.body.results).toEqual({
      moved: [first, second],
      refused: [{ seq: done, message: MSG_ORDER.statusMoveRefused }],
    });
    expect((await auditOf(`order:${first}`)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['bulkShipConfirm', { status: 0 }, { status: 1 }],
    ]);
    expect(await auditOf(`order:${done}`)).toEqual([]);
  });

  it('the date range is in Seoul days: 00:00 and 23:59:59.999 belong to the day, the next 00:00 does not', async () => {
    const co = await makeCompany(server, '날짜경계', 0);
    const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
    const at = async (createdAt: Date) =>
      insertOrder(server, { companyId: co.companyId, memberId: co.main.seq, status: 0, productId: p.id, createdAt });
    const start = await at(seoulMidnight(1));
    const last = await at(new Date(seoulMidnight(0).getTime() - 1));
    await at(seoulMidnight(0));
    const yesterday = seoulDayOf(seoulMidnight(1));
    const res = await post<{ seq: number }[]>(
      'orderList',
      { company: '날짜경계', startDate: yesterday, endDate: yesterday },
      staff,
    );
    expect(res.body.results?.map((o) => o.seq).sort((a, b) => a - b)).toEqual([start, last]);
  });

  it('each filter on its own: a start or an end day alone, the warehouse, a factory number, a business number from three digits', async () => {
    const co = await makeCompany(server, '필터각각', 0);
    const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
    const order = (createdAt: Date, warehouse: typeof KOREA | typeof CHINA = KOREA) =>
      insertOrder(server, {
        companyId: co.companyId,
        memberId: co.main.seq,
        status: 0,
        productId: p.id,
        createdAt,
        warehouse,
      });
    const today = await order(seoulMidnight(0));
    const yesterday = await order(seoulMidnight(1), CHINA);
    const earlier = await order(seoulMidnight(3));
    await server.db.update(orderLines).set({ factoryNum: 'MANN HU 816 X' }).where(eq(orderLines.orderId, today));
    const twoDaysAgo = seoulDayOf(seoulMidnight(2));
    const seqs = async (filter: Record<string, unknown>) =>
      (await post<{ seq: number }[]>('orderList', { company: '필터각각', ...filter }, staff)).body.results!.map(
        (o) => o.seq,
      );
    expect(await seqs({})).toEqual([today, yesterday, earlier]);
    expect(await seqs({ startDate: twoDaysAgo })).toEqual([today, yesterday]);
    expect(await seqs({ endDate: twoDaysAgo })).toEqual([earlier]);
    expect(await seqs({ stockName: '위해' })).toEqual([yesterday]);
    expect(await seqs({ pid: 'hu 816' })).toEqual([today]);

    const byLicence = async (digits: string) =>
      (await post<{ seq: number }[]>('orderList', { company: digits, size: 200 }, staff)).body.results!.map(
        (o) => o.seq,
      );
    expect(await byLicence(co.license.slice(0, 3))).toEqual(expect.arrayContaining([today, yesterday, earlier]));
    // Two digits are too few to mean a business number: they are looked for in names only.
    expect(await byLicence(co.license.slice(0, 2))).not.toContain(today);
  });

  it('the list filters by status, part number and company, and exports CSV', async () => {
    const p = await productAt(4000);
    const seq = await shopOrder({ status: 6, productId: p.id, shippedAt: new Date(), returnReason: 0 });
    const res = await post<{ seq: number; companyName: string }[]>(
      'orderList',
      { status: 6, pid: 'TST', company: '백오피스' },
      staff,
    );
    expect(res.body.results?.map((o) => o.seq)).toEqual([seq]);
    expect(res.body.total).toBe(1);
    const none = await post('orderList', { status: 6, company: '없는업체이름' }, staff);
    expect(none.body.total).toBe(0);
    const csv = await post<{ csv: string; rows: number }>('orderExport', { status: 6 }, staff);
    expect(csv.body.results?.rows).toBe(1);
    expect(csv.body.results?.csv).toContain('반품보류');
    const badDate = await post('orderList', { startDate: '2026-02-30' }, staff);
    expect(badDate.status).toBe(400);
  });
});

describe('cash and licence', () => {
  it('credits and debits with a reason keep ledger = balance; below zero is refused and writes nothing', async () => {
    const co = await makeCompany(server, '캐시조정', 0);
    await fund(server, co.companyId, 10_000);
    const up = await post<{ point: number }>(
      'adjustCash',
      { companyId: co.companyId, amount: 5000, reason: '입금 누락 보정' },
      admin,
    );
    expect([up.body.code, up.body.results?.point]).toEqual([201, 15_000]);
    const down = await post<{ point: number }>(
      'adjustCash',
      { companyId: co.companyId, amount: -15_000, reason: '중복 충전 회수' },
      admin,
    );
    expect(down.body.results?.point).toBe(0);
    const below = await post('adjustCash', { companyId: co.companyId, amount: -1, reason: '잘못된 회수' }, admin);
    expect([below.status, below.body.message]).toEqual([400, MSG_ADMIN.cashBelowZero]);
    const fraction = await post('adjustCash', { companyId: co.companyId, amount: 10.5, reason: '소수점' }, admin);
    expect([fraction.status, fraction.body.message]).toEqual([400, MSG_ADMIN.amountInvalid]);
    const noReason = await post('adjustCash', { companyId: co.companyId, amount: 100, reason: '' }, admin);
    expect([noReason.status, noReason.body.message]).toEqual([400, MSG_ADMIN.reasonRequired]);
    const byStaff = await post('adjustCash', { companyId: co.companyId, amount: 100, reason: '직원 시도' }, staff);
    expect(byStaff.status).toBe(403);
    expect(await balanceOf(server, co.companyId)).toBe(0);
    const ledger = await queryRows<{ type: string; amount: string; note: string }>(
      server.db,
      sql`select type, amount::text, note from cash_ledger where company_id = ${co.companyId} order by id`,
    );
    expect(ledger.map((l) => [l.type, l.amount])).toEqual([
      ['adjust', '10000'],
      ['adjust', '5000'],
      ['adjust', '-15000'],
    ]);
    expect(ledger[1]!.note).toBe('관리자 조정: 입금 누락 보정');
    const manager = await server.db.select().from(payments).where(eq(payments.companyId, co.companyId));
    expect(manager.map((m) => [m.pgcode, m.amount, m.status, m.productName])).toEqual([
      ['manager', 5000, 'paid', '관리자 캐시 지급 5,000원'],
    ]);
    const audit = await auditOf(`company:${co.companyId}`);
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [{ point: 10_000 }, { point: 15_000, amount: 5000, reason: '입금 누락 보정' }],
      [{ point: 15_000 }, { point: 0, amount: -15_000, reason: '중복 충전 회수' }],
    ]);
    await expectLedgerMatchesBalances(server);
  });

  it('licence days: adding 30 to none gives 30 days; level change is admin only', async () => {
    const co = await makeCompany(server, '이용권조정', 0);
    const res = await post<{ licenseDays: number }>(
      'adjustLicense',
      { companyId: co.companyId, days: 30, reason: '이벤트 지급' },
      admin,
    );
    expect(res.body.results?.licenseDays).toBe(30);
    expect((await post('setCompanyLevel', { companyId: co.companyId, level: 'a' }, staff)).status).toBe(403);
    expect((await post('setCompanyLevel', { companyId: co.companyId, level: 'z' }, admin)).status).toBe(400);
    expect((await post('setCompanyLevel', { companyId: co.companyId, level: 'b' }, admin)).body.code).toBe(201);
    const detail = await post<{ company: { level: string; licenseDays: number } }>(
      'companyDetail',
      { companyId: co.companyId },
      staff,
    );
    expect([detail.body.results?.company.level, detail.body.results?.company.licenseDays]).toEqual(['b', 30]);
    const audit = await auditOf(`company:${co.companyId}`);
    expect(audit.map((a) => a.action)).toEqual(['adjustLicense', 'setCompanyLevel']);
    expect([audit[1]!.before, audit[1]!.after]).toEqual([{ level: 'd' }, { level: 'b' }]);
  });

  it('adjustments at the same moment each audit the balance they moved: before + amount = after, one chain', async () => {
    const co = await makeCompany(server, '동시조정', 0);
    await fund(server, co.companyId, 50_000);
    const amounts = [3_100, -2_200, 4_700, -1_300, 5_900, -800, 2_600, -4_100, 1_700, 6_300, -3_600, 900];
    const answers = await Promise.all(
      amounts.map((amount, i) =>
        post<{ point: number }>('adjustCash', { companyId: co.companyId, amount, reason: `동시 조정 ${i + 1}` }, admin),
      ),
    );
    expect(answers.map((a) => a.body.code)).toEqual(amounts.map(() => 201));
    const final = 50_000 + amounts.reduce((a, b) => a + b, 0);
    expect(final).toBe(63_200);
    expect(await balanceOf(server, co.companyId)).toBe(final);
    const audit = (await auditOf(`company:${co.companyId}`)) as {
      before: { point: number };
      after: { point: number; amount: number };
    }[];
    expect(audit).toHaveLength(amounts.length);
    // Each row's before is the balance its own adjustment started from…
    expect(audit.filter((a) => a.before.point + a.after.amount !== a.after.point)).toEqual([]);
    // …so, in the order they were written, each starts where the one before ended, from 50,000 to the end.
    expect(audit.map((a) => a.before.point)).toEqual([50_000, ...audit.slice(0, -1).map((a) => a.after.point)]);
    expect(audit.at(-1)!.after.point).toBe(final);
    expect(audit.map((a) => a.after.amount).sort((a, b) => a - b)).toEqual([...amounts].sort((a, b) => a - b));
    await expectLedgerMatchesBalances(server);
  });

  it('licence days: a running licence gains from its end, a lapsed one from now; taking days never moves the end before now', async () => {
    const DAY = 86_400_000;
    const co = await makeCompany(server, '이용권가감', 0);
    await fund(server, co.companyId, 7_000);
    const setEnd = (end: Date) =>
      server.db.update(companies).set({ licenseEnd: end }).where(eq(companies.id, co.companyId));
    const adjust = (days: number, reason: string) =>
      post<{ point: number; licenseEnd: string; licenseDays: number }>(
        'adjustLicense',
        { companyId: co.companyId, days, reason },
        admin,
      );
    // Running, 10 days left: 30 more count from its end (40 days), and the answer carries the cash.
    const running = new Date(Date.now() + 10 * DAY);
    await setEnd(running);
    const more = await adjust(30, '장기 거래 보상');
    expect(more.body.results).toEqual({
      point: 7_000,
      licenseEnd: new Date(running.getTime() + 30 * DAY).toISOString(),
      licenseDays: 40,
    });
    // Taking more than is left ends it now (0 days), not 20 days ago.
    const before = Date.now();
    const less = await adjust(-60, '잘못 지급한 기간 회수');
    const endedAt = Date.parse(less.body.results!.licenseEnd);
    expect(less.body.results?.licenseDays).toBe(0);
    expect(endedAt).toBeGreaterThanOrEqual(before);
    expect(endedAt).toBeLessThanOrEqual(Date.now());
    // Lapsed 5 days ago: 30 days count from today (30), not from the lapsed end (25), and end as 30
    // bought days do: at the close of the 30th Seoul day from today (today counts as the first).
    const lapsed = new Date(Date.now() - 5 * DAY);
    await setEnd(lapsed);
    const dayBefore = seoulMidnight(-30).toISOString();
    const granted = (await adjust(30, '거래 재개 지원')).body.results;
    expect(granted?.licenseDays).toBe(30);
    // (Read again after the call: a Seoul midnight between the two reads moves the day once.)
    expect([dayBefore, seoulMidnight(-30).toISOString()]).toContain(granted?.licenseEnd);
    // Lapsed, and days taken: the lapsed end stays where it was (not moved up to now).
    await setEnd(lapsed);
    const taken = await adjust(-10, '이중 지급 회수');
    expect(taken.body.results).toEqual({ point: 7_000, licenseEnd: lapsed.toISOString(), licenseDays: 0 });
    const audit = await auditOf(`company:${co.companyId}`);
    expect(audit.map((a) => a.before)).toEqual([
      { licenseEnd: running.toISOString() },
      { licenseEnd: new Date(running.getTime() + 30 * DAY).toISOString() },
      { licenseEnd: lapsed.toISOString() },
      { licenseEnd: lapsed.toISOString() },
    ]);
    expect(audit.map((a) => [(a.after as { days: number }).days, (a.after as { reason: string }).reason])).toEqual([
      [30, '장기 거래 보상'],
      [-60, '잘못 지급한 기간 회수'],
      [30, '거래 재개 지원'],
      [-10, '이중 지급 회수'],
    ]);
  });

  it('an adjustment of an unknown company is refused with a Korean message and writes nothing', async () => {
    const missing = 2_000_000_000;
    const cash = await post('adjustCash', { companyId: missing, amount: 5000, reason: '없는 회사' }, admin);
    expect([cash.status, cash.body.message]).toEqual([404, MSG_ADMIN.companyNotFound]);
    const licence = await post('adjustLicense', { companyId: missing, days: 30, reason: '없는 회사' }, admin);
    expect([licence.status, licence.body.message]).toEqual([404, MSG_ADMIN.companyNotFound]);
    expect(await auditOf(`company:${missing}`)).toEqual([]);
    const paid = await server.db.select().from(payments).where(eq(payments.companyId, missing));
    expect(paid).toEqual([]);
  });

  it("pushes the new cash and licence days to the company's open tab at once", async () => {
    const co = await makeCompany(server, '즉시반영', 0);
    const token = await loginAs(server, co.main.id, co.main.pw);
    const socket = tradeSocket(server, token);
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const cashPushed = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
      await post('adjustCash', { companyId: co.companyId, amount: 12_300, reason: '입금 확인 누락분' }, admin);
      expect((await cashPushed).result?.memberPoint).toBe(12_300);
      const licencePushed = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
      await post('adjustLicense', { companyId: co.companyId, days: 15, reason: '체험 기간' }, admin);
      expect((await licencePushed).result?.licenseValidDays).toBe(15);
    } finally {
      socket.close();
    }
  });

  it('company detail: its members, 20 newest orders, its own payments and 50 newest ledger rows with their sum', async () => {
    const co = await makeCompany(server, '상세조회', 1);
    const other = await makeCompany(server, '다른상세', 0);
    const product = await productAt(1000);
    const orderIds: number[] = [];
    for (let i = 0; i < 22; i++)
      orderIds.push(
        await insertOrder(server, { companyId: co.companyId, memberId: co.main.seq, status: 1, productId: product.id }),
      );
    await insertOrder(server, {
      companyId: other.companyId,
      memberId: other.main.seq,
      status: 1,
      productId: product.id,
    });
    // 55 ledger rows of 100..5,500 won; a top-up by the admin (a payment record) and one of the other company.
    for (let i = 1; i <= 54; i++) await fund(server, co.companyId, i * 100);
    await post('adjustCash', { companyId: co.companyId, amount: 5500, reason: '입금 누락 보정' }, admin);
    await post('adjustCash', { companyId: other.companyId, amount: 900, reason: '다른 회사 보정' }, admin);
    const res = await post<CompanyDetail>('companyDetail', { companyId: co.companyId }, staff);
    expect(res.status).toBe(200);
    const d = res.body.results!;
    expect(d.members.map((m) => [m.id, m.name])).toEqual([
      [co.main.id, co.main.name],
      [co.subs[0]!.id, co.subs[0]!.name],
    ]);
    expect(d.orders.map((o) => o.seq)).toEqual(orderIds.slice(2).reverse());
    expect(d.payments.map((p) => [p.companyId, p.amount, p.memberName, p.provider])).toEqual([
      [co.companyId, 5500, '관리자', 'manager'],
    ]);
    expect(Date.parse(d.payments[0]!.paidAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(d.ledger.length).toBe(50);
    expect(d.ledger.map((l) => l.amount)).toEqual([5500, ...Array.from({ length: 49 }, (_, i) => (54 - i) * 100)]);
    expect(d.ledger[0]!.memberName).toBe('관리자');
    // 100 + 200 + … + 5,400 + 5,500 = 154,000, the balance.
    expect([d.company.ledgerSum, d.company.point]).toEqual([154_000, 154_000]);
  });

  it('company list: a licence number by 3 or more of its digits, and whether the company left', async () => {
    const co = await makeCompany(server, '목록검색', 0);
    const gone = await makeCompany(server, '목록탈퇴', 0);
    await server.db.update(companies).set({ license: '7315846902' }).where(eq(companies.id, co.companyId));
    // A login id without digits: the two-digit search below can only meet the licence.
    await server.db.update(members).set({ loginId: 'licence-search@test.kr' }).where(eq(members.id, co.main.seq));
    await server.db.update(companies).set({ withdrawnAt: new Date() }).where(eq(companies.id, gone.companyId));
    const list = async (keyword: string) =>
      (await post<CompanyRow[]>('companyList', { keyword, page: 1, size: 20 }, staff)).body.results!.map(
        (c) => c.companyId,
      );
    expect(await list('5846')).toContain(co.companyId);
    expect(await list('7315846902')).toEqual([co.companyId]);
    // Two digits are too few to search licences by.
    expect(await list('58')).not.toContain(co.companyId);
    const rows = (await post<CompanyRow[]>('companyList', { keyword: '목록', page: 1, size: 20 }, staff)).body.results!;
    expect(rows.map((r) => [r.companyId, r.withdrawn])).toEqual(
      [
        [co.companyId, false],
        [gone.companyId, true],
      ].sort((a, b) => Number(b[0]) - Number(a[0])),
    );
  });

  it("company list: each company's accounts counted, a member who left not among them", async () => {
    const three = await makeCompany(server, '계정셋상사', 3);
    const one = await makeCompany(server, '계정하나상사', 0);
    await server.db.update(members).set({ status: 'withdrawn' }).where(eq(members.id, three.subs[2]!.seq));
    const rows = (await post<CompanyRow[]>('companyList', { keyword: '계정', page: 1, size: 20 }, staff)).body.results!;
    // The count once compared each member's company with the member's own id: 1 or 0, whatever the company had.
    expect(rows.map((r) => [r.companyId, r.members])).toEqual([
      [one.companyId, 1],
      [three.companyId, 3],
    ]);
  });

  it('stop and resume reach neither staff accounts nor a member who left', async () => {
    const [staffRow] = await server.db.select().from(members).where(eq(members.loginId, 'staff@partsmall.kr'));
    const onStaff = await post('setMemberStatus', { memberId: staffRow!.id, status: 'stopped' }, admin);
    expect([onStaff.status, onStaff.body.message]).toEqual([404, MSG_ADMIN.memberNotFound]);
    expect((await call(server, 'login', { id: 'staff@partsmall.kr', pw: 'staff1234' })).body.code).toBe(200);
    const co = await makeCompany(server, '탈퇴회원', 0);
    await server.db.update(members).set({ status: 'withdrawn' }).where(eq(members.id, co.main.seq));
    const onGone = await post('setMemberStatus', { memberId: co.main.seq, status: 'active' }, staff);
    expect([onGone.status, onGone.body.message]).toEqual([404, MSG_ADMIN.memberNotFound]);
    const [after] = await server.db.select({ status: members.status }).from(members).where(eq(members.id, co.main.seq));
    expect(after!.status).toBe('withdrawn');
    expect(await auditOf(`member:${staffRow!.id}`)).toEqual([]);
    expect(await auditOf(`member:${co.main.seq}`)).toEqual([]);
  });

  it('a stopped member cannot log in and loses the session; resumed, logs in again', async () => {
    const co = await makeCompany(server, '정지회원', 0);
    const token = await loginAs(server, co.main.id, co.main.pw);
    expect((await post('setMemberStatus', { memberId: co.main.seq, status: 'stopped' }, staff)).body.code).toBe(201);
    expect((await call(server, 'getMallOrderInfo', {}, { token })).status).toBe(401);
    expect((await call(server, 'login', { id: co.main.id, pw: co.main.pw })).body.code).not.toBe(200);
    expect((await post('setMemberStatus', { memberId: co.main.seq, status: 'active' }, staff)).body.code).toBe(201);
    expect((await call(server, 'login', { id: co.main.id, pw: co.main.pw })).body.code).toBe(200);
    expect((await auditOf(`member:${co.main.seq}`)).map((a) => a.after)).toEqual([
      { status: 'stopped' },
      { status: 'active' },
    ]);
  });

  it("an account the shop stopped stays stopped until the shop resumes it: the company's main account cannot let it in", async () => {
    const co = await makeCompany(server, '쇼핑몰정지', 1);
    const sub = co.subs[0]!;
    const mainToken = await loginAs(server, co.main.id, co.main.pw);
    const resume = () =>
      call(server, 'stateMemberInfo', { seq: sub.seq, targetStatus: 'active' }, { token: mainToken });
    expect((await post('setMemberStatus', { memberId: sub.seq, status: 'stopped' }, staff)).body.code).toBe(201);
    const refused = await resume();
    expect([refused.status, refused.body.message]).toEqual([400, MSG_MEMBER.stoppedByShop]);
    expect(MSG_MEMBER.stoppedByShop).toBe(
      '쇼핑몰에서 사용을 중지한 계정입니다. 다시 사용하려면 고객센터에 문의하세요.',
    );
    expect((await call(server, 'login', { id: sub.id, pw: sub.pw })).body.code).not.toBe(200);
    // The company may still stop it itself; the shop's stop stands.
    const stopAgain = await call(server, 'stateMemberInfo', { seq: sub.seq, status: 'stopped' }, { token: mainToken });
    expect(stopAgain.body.code).toBe(201);
    expect((await resume()).body.message).toBe(MSG_MEMBER.stoppedByShop);
    // Resumed by the shop, it is the company's again to stop and resume.
    expect((await post('setMemberStatus', { memberId: sub.seq, status: 'active' }, staff)).body.code).toBe(201);
    expect((await call(server, 'login', { id: sub.id, pw: sub.pw })).body.code).toBe(200);
    const byCompany = await call(server, 'stateMemberInfo', { seq: sub.seq, status: 'stopped' }, { token: mainToken });
    expect(byCompany.body.code).toBe(201);
    expect([(await resume()).body.code, (await call(server, 'login', { id: sub.id, pw: sub.pw })).body.code]).toEqual([
      201, 200,
    ]);
  });
});

describe('bank transfer deposit confirmed', () => {
  it('five staff presses at once credit the company exactly once', async () => {
    const co = await makeCompany(server, '계좌이체', 0);
    const [p] = await server.db
      .insert(payments)
      .values({
        gatewayId: `bank-${randomUUID()}`,
        provider: 'sandbox',
        companyId: co.companyId,
        memberId: co.main.seq,
        kind: 'point',
        pgcode: 'banktransfer',
        amount: 30_000,
        productName: '캐시 충전 30,000원',
      })
      .returning();
    const waiting = await post<{ seq: number }[]>(
      'paymentList',
      { status: 'pending', pgcode: 'banktransfer', company: '계좌이체' },
      staff,
    );
    expect(waiting.body.results?.map((r) => r.seq)).toEqual([p!.id]);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        post<{ repeated: boolean; point: number }>('confirmDeposit', { seq: p!.id }, staff),
      ),
    );
    expect(results.map((r) => r.body.code)).toEqual([201, 201, 201, 201, 201]);
    expect(results.filter((r) => r.body.results?.repeated === false)).toHaveLength(1);
    // The one that charged says so; the four others are told it was confirmed already.
    expect(results.map((r) => r.body.message).sort()).toEqual([
      '이미 확인된 입금입니다.',
      '이미 확인된 입금입니다.',
      '이미 확인된 입금입니다.',
      '이미 확인된 입금입니다.',
      '입금을 확인했습니다. 캐시가 충전되었습니다.',
    ]);
    expect(await balanceOf(server, co.companyId)).toBe(30_000);
    const ledger = await queryRows<{ n: string }>(
      server.db,
      sql`select count(*)::text as n from cash_ledger where company_id = ${co.companyId}`,
    );
    expect(ledger[0]!.n).toBe('1');
    expect((await auditOf(`payment:${p!.id}`)).map((a) => a.action)).toEqual(['confirmDeposit']);
    const card = await server.db
      .insert(payments)
      .values({
        gatewayId: `card-${randomUUID()}`,
        provider: 'sandbox',
        companyId: co.companyId,
        memberId: co.main.seq,
        kind: 'point',
        pgcode: 'creditcard',
        amount: 1000,
        productName: '캐시 충전 1,000원',
      })
      .returning();
    const notBank = await post('confirmDeposit', { seq: card[0]!.id }, staff);
    expect([notBank.status, notBank.body.message]).toEqual([400, MSG_ADMIN.depositNotWaiting]);
    await expectLedgerMatchesBalances(server);
  });

  it('a licence transfer confirmed says the licence was extended, moves no cash, and a repeat says so', async () => {
    const co = await makeCompany(server, '이용권이체', 0);
    await fund(server, co.companyId, 5_000);
    const [p] = await server.db
      .insert(payments)
      .values({
        gatewayId: `bank-${randomUUID()}`,
        provider: 'sandbox',
        companyId: co.companyId,
        memberId: co.main.seq,
        kind: 'license',
        pgcode: 'banktransfer',
        amount: 30_000,
        days: 30,
        productName: '라이선스 30일 이용권',
      })
      .returning();
    const first = await post<{ repeated: boolean; point: number }>('confirmDeposit', { seq: p!.id }, staff);
    expect([first.body.code, first.body.message, first.body.results?.repeated, first.body.results?.point]).toEqual([
      201,
      '입금을 확인했습니다. 이용권 기간이 30일 연장되었습니다.',
      false,
      5_000,
    ]);
    const [row] = await server.db.select().from(companies).where(eq(companies.id, co.companyId));
    const endAfterFirst = row!.licenseEnd!.getTime();
    expect(endAfterFirst).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const again = await post<{ repeated: boolean; point: number }>('confirmDeposit', { seq: p!.id }, staff);
    expect([again.body.code, again.body.message, again.body.results?.repeated, again.body.results?.point]).toEqual([
      201,
      '이미 확인된 입금입니다.',
      true,
      5_000,
    ]);
    const [still] = await server.db.select().from(companies).where(eq(companies.id, co.companyId));
    expect(still!.licenseEnd!.getTime()).toBe(endAfterFirst);
    expect(await balanceOf(server, co.companyId)).toBe(5_000);
    await expectLedgerMatchesBalances(server);
  });
});

const productBody = (over: Record<string, unknown> = {}) => ({
  name: '관리자 등록 브레이크 패드',
  pid: `ADM-${randomUUID().slice(0, 8)}`,
  factoryNum: 'FN-100',
  type: 2,
  salePrice: 50_000,
  priceA: 40_000,
  priceB: 42_000,
  priceC: 0,
  priceD: 48_000,
  stockName: '한국 김포물류센터',
  storageId: 1,
  detailInfo: '좌우 한 세트',
  description: '순정 브레이크 패드입니다.',
  category: 'pad',
  brand: 'BMW',
  hasAmount: 12,
  ...over,
});

describe('products', () => {
  it('refuses bad prices and stock, tiers above the sale price and duplicate part numbers, writing nothing', async () => {
    const count = async () =>
      Number((await queryRows<{ n: string }>(server.db, sql`select count(*)::text as n from products`))[0]!.n);
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ salePrice: -1 }, MSG_ADMIN.priceInvalid],
      [{ salePrice: 0, priceA: 0, priceB: 0, priceD: 0 }, MSG_ADMIN.salePriceRequired],
      [{ priceA: 100.5 }, MSG_ADMIN.priceInvalid],
      [{ salePrice: 1_500_000_000 }, MSG_ADMIN.priceAboveMax],
      [{ priceC: 1e15 }, MSG_ADMIN.priceAboveMax],
      [{ hasAmount: -3 }, MSG_ADMIN.stockInvalid],
      [{ hasAmount: 1.5 }, MSG_ADMIN.stockInvalid],
      [{ priceB: 50_001 }, MSG_ADMIN.tierAboveSale],
      [{ type: 7 }, MSG_ADMIN.typeInvalid],
      [{ pid: '---' }, MSG_ADMIN.pidRequired],
    ];
    for (const [over, message] of cases) {
      const res = await post('saveProduct', productBody(over), staff);
      expect([res.status, res.body.message], JSON.stringify(over)).toEqual([400, message]);
    }
    // The tier rule's boundary: a tier equal to the sale price is fine.
    const ok = await post<AdminProduct>('saveProduct', productBody({ pid: 'DUP-777', priceA: 50_000 }), staff);
    expect(ok.body.code).toBe(201);
    const dup = await post('saveProduct', productBody({ pid: 'dup 777' }), staff);
    expect([dup.status, dup.body.message]).toEqual([400, MSG_ADMIN.duplicatePid]);
    const otherWarehouse = await post(
      'saveProduct',
      productBody({ pid: 'DUP-777', stockName: '중국 위해직수입창고', storageId: 2 }),
      staff,
    );
    expect(otherWarehouse.body.code).toBe(201);
    expect(await count()).toBe(before + 2);
  });

  it('a new product is found by a member at once (grid cache emptied) with the tier price', async () => {
    const pid = `NEW-${randomUUID().slice(0, 6)}`;
    const search = () =>
      call(server, 'getProductHome', { searchType: 'pid', keyword: pid, page: 1, size: 60 }, { token: buyer });
    expect((await search()).body.results).toEqual([]);
    const made = await post<AdminProduct>('saveProduct', productBody({ pid }), staff);
    const found = await search();
    // Company level d (bronze) reads tier D.
    expect(found.body.results?.map((r) => [r.seq, r.price])).toEqual([[made.body.results!.seq, 48_000]]);
    const edited = await post<AdminProduct>(
      'saveProduct',
      productBody({ pid, seq: made.body.results!.seq, priceD: 0 }),
      staff,
    );
    expect(edited.body.results?.hasAmount).toBe(12);
    // Tier D zero falls back to the sale price.
    expect((await search()).body.results?.[0]?.price).toBe(50_000);
  });

  it('stock changes with a reason never go below zero; the audit keeps the stock before and after', async () => {
    const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000, stock: 3 });
    const down = await post<AdminProduct>('changeStock', { seq: p.id, delta: -3, reason: '파손 폐기' }, staff);
    expect(down.body.results?.hasAmount).toBe(0);
    const below = await post('changeStock', { seq: p.id, delta: -1, reason: '파손 폐기' }, staff);
    expect([below.status, below.body.message]).toEqual([400, MSG_ADMIN.stockBelowZero]);
    expect((await auditOf(`product:${p.id}`)).map((a) => [a.before, a.after])).toEqual([
      [{ hasAmount: 3 }, { hasAmount: 0, delta: -3, reason: '파손 폐기' }],
    ]);
  });

  it('a product saved from a form opened before an order keeps the stock the order left (stock moves only by changes)', async () => {
    const made = await post<AdminProduct>('saveProduct', productBody({ hasAmount: 12 }), staff);
    const seq = made.body.results!.seq;
    // The form is opened with 12 in stock; a buyer then takes 5.
    await fund(server, shop.companyId, 500_000);
    const paid = await placeOrder(server, buyer, [{ productId: seq, qty: 5 }], { shippingInfo: COURIER });
    expect(paid.body.code, paid.body.message).toBe(201);
    const saved = await post<AdminProduct>(
      'saveProduct',
      productBody({ seq, pid: made.body.results!.pid, name: '관리자 수정 브레이크 패드', hasAmount: 12 }),
      staff,
    );
    expect([saved.body.results?.name, saved.body.results?.hasAmount]).toEqual(['관리자 수정 브레이크 패드', 7]);
    const [row] = await server.db.select({ n: products.hasAmount }).from(products).where(eq(products.id, seq));
    expect(row!.n).toBe(7);
  });

  it('pictures pass the chat image checks; a zip named .png is refused', async () => {
    const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
    const good = await post<AdminProduct>(
      'uploadProductImage',
      { seq: p.id, name: 'pad.png', mime: 'image/png', data: (await png()).toString('base64') },
      staff,
    );
    expect(good.body.code).toBe(201);
    expect(good.body.results?.imgFiles).toHaveLength(1);
    expect(good.body.results?.imgFiles[0]).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.png$/);
    const file = await fetch(`${server.base}${good.body.results!.imgFiles[0]}`);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/png']);
    const bad = await post(
      'uploadProductImage',
      { seq: p.id, name: 'fake.png', mime: 'image/png', data: zipArchive().toString('base64') },
      staff,
    );
    expect(bad.status).toBe(400);
    const [row] = await server.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.imgFiles).toHaveLength(1);
  });

  // Decoding is CPU work on the thread pool: a product picture takes its turn in the process's one
  // decode queue, as a chat picture does, so staff uploads cannot take the cores from the shop.
  it('a picture waits for the decode queue: nothing stored while the slot is taken, then stored', async () => {
    const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const blocker = decodeQueue.run(() => held);
    // Released whatever happens: the queue is the worker's, shared with the files after this one.
    try {
      const upload = post<AdminProduct>(
        'uploadProductImage',
        { seq: p.id, name: 'queued.png', mime: 'image/png', data: (await png()).toString('base64') },
        staff,
      );
      await expect.poll(() => decodeQueue.waiting).toBe(1);
      const [waiting] = await server.db.select().from(products).where(eq(products.id, p.id));
      expect(waiting!.imgFiles).toEqual([]);
      release();
      await blocker;
      const stored = await upload;
      expect([stored.body.code, stored.body.results?.imgFiles.length]).toEqual([201, 1]);
    } finally {
      release();
      await blocker;
    }
    expect([decodeQueue.active, decodeQueue.waiting]).toEqual([0, 0]);
  });
});

const HEADER =
  'pid,name,factoryNum,type,salePrice,priceA,priceB,priceC,priceD,hasAmount,stockName,storageId,category,brand,detailInfo';

describe('CSV import', () => {
  it('names every fault of a line, not the first alone, so staff mend the line once', async () => {
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const csv = [
      HEADER,
      `CSV-${tag}-1,널\u0000문자,,2,-5000,0,0,0,0,1.5,한국 김포물류센터,1,,,`,
      `CSV-${tag}-2,가격만,,2,-5000,0,0,0,0,1,한국 김포물류센터,1,,,`,
      `CSV-${tag}-3,재고만,,2,5000,0,0,0,0,1.5,한국 김포물류센터,1,,,`,
    ].join('\n');
    const previewed = await post<ImportProductsResult>('importProducts', { csv }, staff);
    expect(previewed.body.results?.errors).toEqual([
      {
        line: 2,
        message: `name: ${MSG.textInvalid} / salePrice: ${MSG_ADMIN.priceInvalid} / hasAmount: ${MSG_ADMIN.stockInvalid}`,
      },
      { line: 3, message: `salePrice: ${MSG_ADMIN.priceInvalid}` },
      { line: 4, message: `hasAmount: ${MSG_ADMIN.stockInvalid}` },
    ]);
  });

  it('previews, then writes all lines; a broken line writes nothing and is reported by line', async () => {
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const good = [
      HEADER,
      `CSV-${tag}-1,CSV 필터 1,,2,"12,000",10000,11000,0,0,5,한국 김포물류센터,1,filter,VW,`,
      `CSV-${tag}-2,CSV 필터 2,,1,9000,0,0,0,0,0,한국 김포물류센터,1,filter,VW,"따옴표 ""포함"""`,
    ].join('\n');
    const preview = await post<ImportProductsResult>('importProducts', { csv: good }, staff);
    expect(preview.body.results?.committed).toBe(false);
    expect(preview.body.results?.rows.map((r) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
    ]);
    const bad = [
      HEADER,
      `CSV-${tag}-3,좋은 행,,2,5000,0,0,0,0,1,한국 김포물류센터,1,,,`,
      `CSV-${tag}-4,음수 가격,,2,-5000,0,0,0,0,1,한국 김포물류센터,1,,,`,
      `CSV-${tag}-5,소수 재고,,2,5000,0,0,0,0,1.5,한국 김포물류센터,1,,,`,
      `CSV-${tag}-3,중복,,2,5000,0,0,0,0,1,한국 김포물류센터,1,,,`,
      `CSV-${tag}-6,널\u0000문자,,2,5000,0,0,0,0,1,한국 김포물류센터,1,,,`,
      `CSV-${tag}-7,역방향\u202e이름,,2,5000,0,0,0,0,1,한국 김포물류센터,1,,,`,
    ].join('\n');
    // The preview finds what the commit would refuse: a NUL once passed the preview and failed only the write.
    const previewed = await post<ImportProductsResult>('importProducts', { csv: bad }, staff);
    expect(previewed.body.results?.errors).toEqual([
      expect.objectContaining({ line: 3 }),
      expect.objectContaining({ line: 4 }),
      expect.objectContaining({ line: 5 }),
      { line: 6, message: `name: ${MSG.textInvalid}` },
      { line: 7, message: `name: ${MSG.textInvalid}` },
    ]);
    const refused = await post<ImportProductsResult>('importProducts', { csv: bad, commit: true }, staff);
    expect(refused.body.results?.committed).toBe(false);
    expect(refused.body.results?.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7]);
    expect(refused.body.message).toBe(MSG_ADMIN.csvHasErrors);
    const none = await queryRows<{ n: string }>(
      server.db,
      sql`select count(*)::text as n from products where pid like ${`CSV-${tag}-%`}`,
    );
    expect(none[0]!.n).toBe('0');
    const done = await post<ImportProductsResult>('importProducts', { csv: good, commit: true }, staff);
    expect([done.body.code, done.body.message]).toEqual([201, MSG_ADMIN.csvImported(2, 0)]);
    const again = await post<ImportProductsResult>(
      'importProducts',
      { csv: good.replace(',5,한국', ',7,한국') },
      staff,
    );
    expect(again.body.results?.rows[0]).toMatchObject({ action: 'update', changes: ['hasAmount: 5 → 7'] });
    const rows = await queryRows<{ sale_price: string; detail_info: string }>(
      server.db,
      sql`select sale_price::text, detail_info from products where pid like ${`CSV-${tag}-%`} order by pid`,
    );
    expect(rows).toEqual([
      { sale_price: '12000', detail_info: '' },
      { sale_price: '9000', detail_info: '따옴표 "포함"' },
    ]);
  });

  it('two staff importing the same new part numbers at once create each product once', async () => {
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const csv = [
      HEADER,
      `RACE-${tag}-1,경쟁 1,,2,1000,0,0,0,0,1,한국 김포물류센터,1,,,`,
      `RACE-${tag}-2,경쟁 2,,2,2000,0,0,0,0,2,한국 김포물류센터,1,,,`,
    ].join('\n');
    const results = await Promise.all([
      post('importProducts', { csv, commit: true }, staff),
      post('importProducts', { csv, commit: true }, staff2),
    ]);
    expect(results.map((r) => r.body.code)).toEqual([201, 201]);
    const rows = await queryRows<{ pid: string }>(
      server.db,
      sql`select pid from products where pid like ${`RACE-${tag}-%`} order by pid`,
    );
    expect(rows.map((r) => r.pid)).toEqual([`RACE-${tag}-1`, `RACE-${tag}-2`]);
  });

  // PGlite runs one statement at a time, so the two never wait on each other there: this race is PostgreSQL's.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a product saved while an import of its number waits for its locks: both finish (one lock order, no deadlock)',
    async () => {
      const tag = randomUUID().slice(0, 6).toUpperCase();
      const line = (suffix: string, stock: number) =>
        `ORD-${tag}-${suffix},순서 ${suffix},,2,1000,0,0,0,0,${stock},한국 김포물류센터,1,,,`;
      expect((await post('importProducts', { csv: `${HEADER}\n${line('A', 1)}`, commit: true }, staff)).body.code).toBe(
        201,
      );
      const [row] = await server.db
        .select()
        .from(products)
        .where(eq(products.pid, `ORD-${tag}-A`));
      const waiting = () => lockWaiters(server.db);
      let imported: ReturnType<typeof post> | undefined;
      let saved: ReturnType<typeof post> | undefined;
      await server.db.transaction(async (tx) => {
        // The import's second number held: it takes its first (this product's) and waits here.
        await lockFor(tx, 'product-pid', `ORD${tag}Z`, 1);
        const csv = [HEADER, line('A', 4), line('Z', 2)].join('\n');
        imported = post('importProducts', { csv, commit: true }, staff);
        await expect.poll(waiting, { timeout: 20_000, interval: 20 }).toBe(1);
        saved = post('saveProduct', productBody({ seq: row!.id, pid: `ORD-${tag}-A`, name: '동시 저장' }), staff2);
        await expect.poll(waiting, { timeout: 20_000, interval: 20 }).toBe(2);
      });
      const answers = await Promise.all([imported!, saved!]);
      expect(answers.map((a) => a.body.code)).toEqual([201, 201]);
    },
  );

  it('refuses a broken quote, a missing column and 100,000 lines', async () => {
    const broken = await post('importProducts', { csv: `${HEADER}\n"ABC,이름\n` }, staff);
    expect([broken.status, broken.body.message]).toEqual([400, MSG_ADMIN.csvBroken]);
    const missing = await post('importProducts', { csv: 'pid,name\nA,B\n' }, staff);
    expect([missing.status, missing.body.message]).toEqual([400, MSG_ADMIN.csvHeader('factoryNum')]);
    const line = 'BIG-1,대량,,2,1000,0,0,0,0,1,한국 김포물류센터,1,,,';
    const huge = await post(
      'importProducts',
      { csv: [HEADER, ...Array.from({ length: 100_000 }, () => line)].join('\n') },
      staff,
    );
    expect(huge.status).toBe(413);
  });
});

describe('notices, inquiries, configuration, staff', () => {
  it('scripts never survive; unpublished notices are hidden from the shop', async () => {
    const res = await post<{ seq: number; content: string }>(
      'saveNotice',
      {
        type: 0,
        title: '배송 안내',
        content: '<p onclick="x()">안내<script>alert(1)</script></p><img src="javascript:alert(1)">',
        popup: false,
        published: false,
      },
      staff,
    );
    expect(res.body.results?.content).toBe('<p>안내</p><img />');
    const hidden = await call(server, 'getMallNotice', { seq: res.body.results!.seq }, { token: buyer });
    expect([hidden.status, hidden.body.message]).toEqual([404, MSG_SHOP.noticeNotFound]);
    await post(
      'saveNotice',
      { seq: res.body.results!.seq, type: 2, title: '배송 안내', content: '<p>안내</p>', published: true },
      staff,
    );
    const shown = await call<{ title: string }>(
      server,
      'POST',
      'api/getMallNotice',
      { seq: res.body.results!.seq },
      buyer,
    );
    expect(shown.body.results?.title).toBe('배송 안내');
    const onlyScript = await post(
      'saveNotice',
      { type: 0, title: '빈 공지', content: '<script>alert(1)</script>' },
      staff,
    );
    expect([onlyScript.status, onlyScript.body.message]).toEqual([400, MSG_ADMIN.contentRequired]);
    const badType = await post('saveNotice', { type: 1, title: '구분 오류', content: '<p>x</p>' }, staff);
    expect([badType.status, badType.body.message]).toEqual([400, MSG_ADMIN.noticeTypeInvalid]);
    const notices = await auditOf(`notice:${res.body.results!.seq}`);
    expect(notices.map((a) => (a.after as { published: boolean }).published)).toEqual([false, true]);
    // Hostile text: a NUL character or a title of 10,000 characters is a 400 with a Korean message, never a 500.
    const nul = await post('saveNotice', { type: 0, title: '널\u0000문자', content: '<p>x</p>' }, staff);
    expect(nul.status).toBe(400);
    expect(nul.body.message).toMatch(/[가-힣]/);
    const long = await post('saveNotice', { type: 0, title: '가'.repeat(10_000), content: '<p>x</p>' }, staff);
    expect([long.status, long.body.message]).toEqual([400, MSG_ADMIN.titleRequired]);
  });

  it('inquiries are answered then closed; a closed one takes no answer', async () => {
    await call(server, 'registerInquiry', {
      qnaType: 'partnership',
      phone: '01033334444',
      content: '제휴 문의드립니다. 연락 부탁드립니다.',
    });
    const list = await post<{ seq: number; status: string }[]>('inquiryList', { status: 'open' }, staff);
    const seq = list.body.results![0]!.seq;
    const answered = await post<{ status: string; answer: string }>(
      'answerInquiry',
      { seq, answer: '담당자가 연락드리겠습니다.' },
      staff,
    );
    expect([answered.body.results?.status, answered.body.results?.answer]).toEqual([
      'answered',
      '담당자가 연락드리겠습니다.',
    ]);
    expect((await post<{ status: string }>('closeInquiry', { seq }, staff)).body.results?.status).toBe('closed');
    const late = await post('answerInquiry', { seq, answer: '추가 답변' }, staff);
    expect([late.status, late.body.message]).toEqual([409, MSG_ADMIN.inquiryClosed]);
    expect((await auditOf(`inquiry:${seq}`)).map((a) => a.after)).toEqual([
      { status: 'answered', answer: '담당자가 연락드리겠습니다.' },
      { status: 'closed', answer: '담당자가 연락드리겠습니다.' },
    ]);
  });

  it('the shop shows published notices only and pops up only published popups; staff filter by title and type', async () => {
    const save = async (type: number, title: string, popup: boolean, published: boolean) =>
      (await post<{ seq: number }>('saveNotice', { type, title, content: `<p>${title}</p>`, popup, published }, staff))
        .body.results!.seq;
    const shownPopup = await save(2, '목록시험 배송 일정', true, true);
    const hiddenPopup = await save(3, '목록시험 휴무 안내', true, false);
    const plain = await save(2, '목록시험 가격 조정', false, true);
    const config = await call(server, 'getMallConfig', {});
    const popups = config.body.results!.notices.map((n) => n.seq);
    expect(popups).toContain(shownPopup);
    expect(popups).not.toContain(hiddenPopup);
    expect(popups).not.toContain(plain);
    const shop = await call<{ seq: number }[]>(server, 'POST', 'api/getMallNotice', {
      searchType: 'title',
      searchKeyword: '목록시험',
      page: 1,
    });
    expect(shop.body.results!.map((n) => n.seq)).toEqual([plain, shownPopup]);
    expect(shop.body.total).toBe(2);
    const staffList = async (filters: Record<string, unknown>) =>
      (await post<{ seq: number }[]>('noticeList', { ...filters, page: 1 }, staff)).body.results!.map((n) => n.seq);
    expect(await staffList({ keyword: '목록시험' })).toEqual([plain, hiddenPopup, shownPopup]);
    expect(await staffList({ keyword: '목록시험', type: 3 })).toEqual([hiddenPopup]);
    expect(await staffList({ keyword: '목록시험 가격' })).toEqual([plain]);
  });

  it('staff list inquiries newest first, by status; an answer is stamped with its time', async () => {
    const register = async (content: string) =>
      call(server, 'registerInquiry', { qnaType: 'partnership', phone: '01055556666', content });
    for (const content of ['첫째 목록 문의입니다.', '둘째 목록 문의입니다.', '셋째 목록 문의입니다.'])
      expect((await register(content)).body.code).toBe(201);
    type Row = { seq: number; content: string; status: string; answeredAt: string | null };
    const list = async (status?: string) =>
      (await post<Row[]>('inquiryList', { ...(status ? { status } : {}), page: 1, size: 100 }, staff)).body.results!;
    const mine = (rows: Row[]) => rows.filter((r) => r.content.endsWith('목록 문의입니다.'));
    const [third, second, first] = mine(await list());
    expect([third!.content, second!.content, first!.content]).toEqual([
      '셋째 목록 문의입니다.',
      '둘째 목록 문의입니다.',
      '첫째 목록 문의입니다.',
    ]);
    const before = Date.now();
    await post('answerInquiry', { seq: second!.seq, answer: '답변드립니다.' }, staff);
    await post('closeInquiry', { seq: first!.seq }, staff);
    expect(mine(await list('answered')).map((r) => r.seq)).toEqual([second!.seq]);
    expect(mine(await list('closed')).map((r) => r.seq)).toEqual([first!.seq]);
    expect(mine(await list('open')).map((r) => r.seq)).toEqual([third!.seq]);
    const answered = mine(await list('answered'))[0]!;
    expect(Math.abs(Date.parse(answered.answeredAt!) - before)).toBeLessThan(60_000);
    expect(mine(await list('open'))[0]!.answeredAt).toBeNull();
  });

  // PGlite runs one statement at a time, so two inserts never interleave there: this race is PostgreSQL's.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a login id another admin is making at that moment is refused as taken, not a fault',
    async () => {
      let answer: ReturnType<typeof post> | undefined;
      await server.db.transaction(async (tx) => {
        await tx.insert(members).values({
          loginId: 'same.time@partsmall.kr',
          passwordHash: '!',
          name: '먼저직원',
          phone: '01022226666',
          mail: 'same.time@partsmall.kr',
          role: 'staff',
        });
        answer = post('createStaff', { id: 'same.time@partsmall.kr', name: '나중직원', phone: '01022226667' }, admin);
        // The request's read does not see this uncommitted row; its insert then waits on the key: commit then.
        await expect
          .poll(
            async () =>
              (
                await queryRows<{ n: number }>(
                  server.db,
                  sql`select count(*)::int as n from pg_stat_activity
                      where datname = current_database() and wait_event_type = 'Lock' and query like 'insert into "members"%'`,
                )
              )[0]!.n,
            { timeout: 20_000, interval: 20 },
          )
          .toBe(1);
      });
      const res = await answer!;
      expect([res.status, res.body.message]).toEqual([400, MSG_ADMIN.loginIdTaken]);
      const rows = await server.db.select().from(members).where(eq(members.loginId, 'same.time@partsmall.kr'));
      expect(rows.map((r) => r.name)).toEqual(['먼저직원']);
    },
  );

  it('an account made with the admin role is an admin; one made as staff is refused the admin calls', async () => {
    const make = async (id: string, role: 'staff' | 'admin') =>
      (await post<{ password: string }>('createStaff', { id, name: '역할직원', phone: '01022225555', role }, admin))
        .body.results!.password;
    const asAdmin = await loginAs(server, 'role.admin@partsmall.kr', await make('role.admin@partsmall.kr', 'admin'));
    const asStaff = await loginAs(server, 'role.staff@partsmall.kr', await make('role.staff@partsmall.kr', 'staff'));
    expect((await post('getConfig', {}, asAdmin)).status).toBe(200);
    expect((await post('getConfig', {}, asStaff)).status).toBe(403);
  });

  it('saving the configuration bumps ver and the shop reads the new footer', async () => {
    const before = await call(server, 'getMallConfig', {});
    const current = await post<Record<string, unknown> & { mallBottom: Record<string, string> }>(
      'getConfig',
      {},
      admin,
    );
    const { ver: _ver, ...fields } = current.body.results!;
    const saved = await post(
      'saveConfig',
      { ...fields, mallBottom: { ...current.body.results!.mallBottom, phone: '02-9999-0000' } },
      admin,
    );
    expect(saved.body.code).toBe(201);
    const after = await call(server, 'getMallConfig', {});
    expect([after.body.results?.ver, after.body.results?.mallBottom.phone]).toEqual([
      before.body.results!.ver + 1,
      '02-9999-0000',
    ]);
    const negative = await post('saveConfig', { ...fields, totalAsset: -1 }, admin);
    expect(negative.status).toBe(400);
    const [audit] = await auditOf('config');
    expect([
      (audit!.before as { mallBottom: { phone: string } }).mallBottom.phone,
      (audit!.after as { mallBottom: { phone: string } }).mallBottom.phone,
    ]).toEqual([current.body.results!.mallBottom.phone, '02-9999-0000']);
  });

  it('admin creates a staff account whose one-time password works; a stopped one cannot log in', async () => {
    const made = await post<{ seq: number; password: string }>(
      'createStaff',
      { id: 'New.Staff@partsmall.kr', name: '신입직원', phone: '01022223333' },
      admin,
    );
    expect(made.body.code).toBe(201);
    const token = await loginAs(server, 'new.staff@partsmall.kr', made.body.results!.password);
    expect((await post('dashboard', {}, token)).status).toBe(200);
    const again = await post(
      'createStaff',
      { id: 'new.staff@partsmall.kr', name: '중복직원', phone: '01022223334' },
      admin,
    );
    expect([again.status, again.body.message]).toEqual([400, MSG_ADMIN.loginIdTaken]);
    const reset = await post<{ password: string }>('resetStaffPassword', { seq: made.body.results!.seq }, admin);
    expect((await post('dashboard', {}, token)).status).toBe(401);
    const token2 = await loginAs(server, 'new.staff@partsmall.kr', reset.body.results!.password);
    expect((await post('setStaffStatus', { seq: made.body.results!.seq, status: 'stopped' }, admin)).body.code).toBe(
      201,
    );
    expect((await post('dashboard', {}, token2)).status).toBe(401);
    const audit = await auditOf(`member:${made.body.results!.seq}`);
    expect(audit.map((a) => a.action)).toEqual(['createStaff', 'resetStaffPassword', 'setStaffStatus']);
    // The one-time passwords never reach the audit log.
    expect(JSON.stringify(audit)).not.toContain(made.body.results!.password);
  });

  it('one-time passwords are 10 characters without look-alikes; the staff calls refuse a buyer and the admin itself', async () => {
    const made = await post<{ seq: number; password: string }>(
      'createStaff',
      { id: 'pw.shape@partsmall.kr', name: '모양직원', phone: '01022224444' },
      admin,
    );
    const reset = await post<{ password: string }>('resetStaffPassword', { seq: made.body.results!.seq }, admin);
    for (const password of [made.body.results!.password, reset.body.results!.password])
      expect(password).toMatch(/^[abcdefghjkmnpqrstuvwxyz23456789]{10}$/);
    // A buyer is no staff account: neither reset nor stopped, and its own password still works.
    const customer = await makeCompany(server, '직원아님', 0);
    for (const [name, payload] of [
      ['resetStaffPassword', { seq: customer.main.seq }],
      ['setStaffStatus', { seq: customer.main.seq, status: 'stopped' }],
    ] as const) {
      const refused = await post(name, payload, admin);
      expect([refused.status, refused.body.message]).toEqual([404, MSG_ADMIN.notStaff]);
    }
    expect(await loginAs(server, customer.main.id, customer.main.pw)).toEqual(expect.any(String));
    const adminSeq = (
      await server.db.select({ id: members.id }).from(members).where(eq(members.loginId, 'admin@partsmall.kr'))
    )[0]!.id;
    const self = await post('setStaffStatus', { seq: adminSeq, status: 'stopped' }, admin);
    expect([self.status, self.body.message]).toEqual([400, MSG_ADMIN.selfStop]);
    expect((await post('dashboard', {}, admin)).status).toBe(200);
  });
});

describe('dashboard', () => {
  it('counts the chat customers connected now: a member with two tabs once, staff not at all', async () => {
    const chatOnline = async () =>
      (await post<{ chatOnline: number }>('dashboard', {}, staff)).body.results!.chatOnline;
    const before = await chatOnline();
    const other = await makeCompany(server, '채팅손님', 0);
    const otherToken = await loginAs(server, other.main.id, other.main.pw);
    const sockets = await Promise.all([
      openChat(server, buyer),
      openChat(server, buyer),
      openChat(server, otherToken),
      openChat(server, staff),
    ]);
    expect(await chatOnline()).toBe(before + 2);
    for (const socket of sockets) socket.disconnect();
    await vi.waitFor(async () => expect(await chatOnline()).toBe(before), { timeout: 5000, interval: 100 });
  });
});

/** The documented example catalogue, zipped inside a top folder as a person would zip it. */
function exampleZip(change?: (files: Record<string, Uint8Array>) => void): string {
  const root = path.resolve(import.meta.dirname, '../../../../docs/catalogue-example');
  const files: Record<string, Uint8Array> = {};
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      else files[child] = new Uint8Array(fs.readFileSync(path.join(root, child)));
    }
  };
  walk('');
  change?.(files);
  return Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [`catalogue-example/${k}`, v]))),
  ).toString('base64');
}

describe('catalogue upload', () => {
  const catalogues = async () =>
    Number((await queryRows<{ n: string }>(server.db, sql`select count(*)::text as n from epc_catalogues`))[0]!.n);

  it('a broken file is reported by file and line and nothing is written; the fixed zip imports', async () => {
    const before = await catalogues();
    const broken = exampleZip((files) => {
      files['vehicles.jsonl'] = strToU8(`${Buffer.from(files['vehicles.jsonl']!).toString('utf8')}{"vin": \n`);
    });
    const refused = await post<CatalogueReport>('uploadCatalogue', { name: 'broken.zip', data: broken }, admin);
    expect([refused.body.code, refused.body.message, refused.body.results?.ok]).toEqual([
      200,
      MSG_CATALOGUE.refused,
      false,
    ]);
    expect(refused.body.results?.problems[0]?.file).toBe('vehicles.jsonl');
    expect(await catalogues()).toBe(before);
    const done = await post<CatalogueReport>('uploadCatalogue', { name: 'example.zip', data: exampleZip() }, admin);
    expect([done.body.code, done.body.results?.ok]).toEqual([201, true]);
    expect(done.body.message).toBe(MSG_CATALOGUE.imported(done.body.results!.mcid!, done.body.results!.version!));
    expect(
      (
        await queryRows<{ action: string }>(
          server.db,
          sql`select action from admin_audit where action = 'uploadCatalogue'`,
        )
      ).length,
    ).toBe(1);
  });

  it('a file that is not a zip is refused with its message; staff may not upload', async () => {
    const res = await post(
      'uploadCatalogue',
      { name: 'x.zip', data: Buffer.from('not a zip at all').toString('base64') },
      admin,
    );
    expect([res.status, res.body.message]).toEqual([400, MSG_CATALOGUE.notZip]);
    expect((await post('uploadCatalogue', { name: 'x.zip', data: exampleZip() }, staff)).status).toBe(403);
  });
});
