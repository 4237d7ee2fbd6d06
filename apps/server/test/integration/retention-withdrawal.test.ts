import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@partsmall/contract';
import {
  cartItems,
  cashLedger,
  chatConversations,
  chatFiles,
  chatMessages,
  companies,
  companyVehicles,
  depositorNames,
  epcVinSearches,
  favorites,
  inquiries,
  members,
  notifySettings,
  orderLines,
  orders,
  payments,
  phoneCodes,
  restockAlerts,
  shippingAddresses,
  smsOutbox,
  taxInvoices,
} from '../../src/db/schema.js';
import { sweepRetention } from '../../src/features/retention/sweep.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, withdrawAccount, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct, TEST_ADDRESS } from '../order-helpers.js';

/**
 * What a withdrawal leaves, table by table (docs/requirements.md#retention): personal fields go at
 * once, the records the law asks for stay with the least they need, and the daily sweep removes the
 * chat after 3 years and the company's last traces after 5.
 */
let server: TestServer;
const DAY = 86_400_000;
const YEAR = 365 * DAY;

/** Everything personal a busy company accumulates, each value distinct so a leak is found by value. */
async function furnish(shop: TestCompany, tag: string, productId: number) {
  const db = server.db;
  const companyId = shop.companyId;
  const sub = shop.subs[0]!;
  await db
    .update(companies)
    .set({
      ceo: `${tag}대표자`,
      phone: `02-${tag.length}11-2233`,
      fax: `02-${tag.length}11-4455`,
      mail: `office-${tag}@biz.kr`,
      addrMain: `서울 강서구 ${tag}로 12`,
      bizType: '도소매',
      bizItem: '자동차부품',
      invoiceMail: `tax-${tag}@biz.kr`,
    })
    .where(eq(companies.id, companyId));
  // A contact number of the sub-account's own (one per company), with a code and a text sent to it.
  const contactPhone = `0109${String(companyId).padStart(7, '0')}`;
  await db.update(members).set({ contactPhone }).where(eq(members.id, sub.seq));
  await db
    .insert(phoneCodes)
    .values({ phone: contactPhone, purpose: 'find', codeHash: 'y', expiresAt: new Date(Date.now() + 60_000) });
  await db.insert(smsOutbox).values({ phone: contactPhone, text: '[파츠몰] 인증번호 654321' });
  // '알림 설정' of both accounts: the sub-account's names its contact number.
  await db.insert(notifySettings).values([
    { memberId: shop.main.seq, companyId, events: ['shipped'], phone: null },
    { memberId: sub.seq, companyId, events: ['shipped'], phone: contactPhone },
  ]);
  // A number proved by a code (the sign-up's): its proof goes with it.
  await db.update(members).set({ phoneVerified: true }).where(eq(members.id, shop.main.seq));
  await db.insert(shippingAddresses).values({
    companyId,
    basic: true,
    name: `${tag}수령인`,
    phone: '01077770000',
    postNum: '07500',
    address: `서울 강서구 ${tag}길 5`,
    addrSub: '201호',
  });
  await db.insert(cartItems).values({ companyId, memberId: shop.main.seq, productId, qty: 2, jobRef: '12가3456' });
  await db.insert(favorites).values({ companyId, productId, memberId: sub.seq });
  await db.insert(restockAlerts).values({ companyId, productId, memberId: sub.seq });
  const vin = `WBA${tag.length}X5TEST${String(companyId).padStart(7, '0')}`.slice(0, 17);
  await db.insert(epcVinSearches).values({
    companyId,
    memberId: shop.main.seq,
    day: '2026-11-20',
    vin,
    brand: 'BMW',
    mcid: 'x',
    title: '2017 BMW X5',
  });
  await db.insert(companyVehicles).values({ companyId, vin, name: '사장님 차' });
  // A depositor name staff taught for the company: a person's name on a bank transfer.
  await db.insert(depositorNames).values({ companyId, name: `${tag}사장 개인` });
  const orderId = await insertOrder(server, { companyId, memberId: shop.main.seq, status: 2, productId });
  await db
    .update(orders)
    .set({ memo: '문 앞에', fromName: `${tag}발송인`, fromPhone: '01066660000', jobRef: '34나5678' })
    .where(eq(orders.id, orderId));
  await db.update(orderLines).set({ memo: '좌측', jobRef: '34나5678' }).where(eq(orderLines.orderId, orderId));
  await db.insert(cashLedger).values({ companyId, type: 'point', amount: 70_000, balanceAfter: 70_000, note: '충전' });
  await db.insert(payments).values({
    gatewayId: randomUUID(),
    provider: 'sandbox',
    companyId,
    memberId: shop.main.seq,
    kind: 'point',
    pgcode: 'creditcard',
    amount: 70_000,
    productName: '캐시 충전',
    status: 'paid',
    paidAt: new Date(),
  });
  await db.insert(taxInvoices).values({
    companyId,
    kind: 'order',
    mgtKey: `O-${orderId}-${tag.length}`,
    orderId,
    status: 'issued',
    writeDate: '20261125',
    supply: 9091,
    tax: 909,
    total: 10_000,
    buyer: { corpName: `${tag}상사`, ceoName: `${tag}대표자` },
  });
  const [conv] = await db.insert(chatConversations).values({ customerId: shop.main.seq }).returning();
  const [msg] = await db
    .insert(chatMessages)
    .values({
      conversationId: conv!.id,
      senderId: shop.main.seq,
      senderSide: 'customer',
      clientMessageId: randomUUID(),
      type: 'text',
      body: `${tag} 반품 문의드립니다`,
    })
    .returning();
  await db.insert(chatFiles).values({
    conversationId: conv!.id,
    messageId: msg!.id,
    uploaderId: shop.main.seq,
    storageKey: `chat/2026/11/${randomUUID()}.png`,
    thumbKey: `chat/2026/11/${randomUUID()}.thumb.webp`,
    originalName: '사진.png',
    mime: 'image/png',
    width: 10,
    height: 10,
    size: 100,
  });
  await db.insert(inquiries).values({
    qnaType: 'partnership',
    phone: shop.main.phone,
    content: `${tag} 제휴 문의`,
    memberId: shop.main.seq,
  });
  await db.insert(phoneCodes).values({
    phone: shop.main.phone,
    purpose: 'find',
    codeHash: 'x',
    expiresAt: new Date(Date.now() + 60_000),
  });
  await db.insert(smsOutbox).values({ phone: shop.main.phone, text: '[파츠몰] 인증번호 123456' });
  return { orderId, conversationId: conv!.id, contactPhone };
}

const rowsOf = async <T>(q: Promise<T[]>) => q;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('withdrawal destroys personal data at once and keeps the records the law asks for', () => {
  it('a main account: table by table, what remains of the company and of a company that stays', async () => {
    const product = await makeProduct(server, { tiers: [9000, 9500, 9800, 10000], salePrice: 12000, stock: 0 });
    const gone = await makeCompany(server, '탈퇴상사', 1);
    const stays = await makeCompany(server, '잔류상사', 1);
    const goneRefs = await furnish(gone, '탈퇴', product.id);
    const stayRefs = await furnish(stays, '잔류회사', product.id);

    const res = await withdrawAccount(server, gone.main);
    expect([res.status, res.body.code]).toEqual([200, 201]);
    const db = server.db;

    // members: every account of the company, each identifying field replaced; the rows stay for the records.
    const accounts = await db
      .select()
      .from(members)
      .where(inArray(members.id, [gone.main.seq, gone.subs[0]!.seq]));
    for (const m of accounts) {
      expect({
        loginId: m.loginId,
        name: m.name,
        phone: m.phone,
        phoneVerified: m.phoneVerified,
        contactPhone: m.contactPhone,
        mail: m.mail,
        passwordHash: m.passwordHash,
        status: m.status,
      }).toEqual({
        loginId: `withdrawn-${m.id}@withdrawn.invalid`,
        name: '탈퇴회원',
        phone: '',
        phoneVerified: false,
        contactPhone: '',
        mail: '',
        passwordHash: '!',
        status: 'withdrawn',
      });
    }
    // Nobody can log in with the old id or the new one.
    for (const id of [gone.main.id, `withdrawn-${gone.main.seq}@withdrawn.invalid`]) {
      const login = await call(server, 'login', { id, pw: gone.main.pw });
      expect([login.status, login.body.message]).toEqual([400, MSG.loginFailed]);
    }

    // companies: contact fields gone; what the tax records need stays (name, number, 대표자, 사업장, 업태/종목, invoice mail).
    const [company] = await db.select().from(companies).where(eq(companies.id, gone.companyId));
    expect({
      name: company!.name,
      license: company!.license,
      ceo: company!.ceo,
      phone: company!.phone,
      fax: company!.fax,
      mail: company!.mail,
      addrMain: company!.addrMain,
      bizItem: company!.bizItem,
      invoiceMail: company!.invoiceMail,
      purgedAt: company!.purgedAt,
    }).toEqual({
      name: '탈퇴상사상사',
      license: gone.license,
      ceo: '탈퇴대표자',
      phone: '',
      fax: '',
      mail: '',
      addrMain: '서울 강서구 탈퇴로 12',
      bizItem: '자동차부품',
      invoiceMail: 'tax-탈퇴@biz.kr',
      purgedAt: null,
    });

    // Removed outright: addresses, cart, favourites, restock requests, vehicles and VIN history, taught
    // depositor names, phone codes, outbox.
    const companyId = gone.companyId;
    expect(await db.select().from(shippingAddresses).where(eq(shippingAddresses.companyId, companyId))).toEqual([]);
    expect(await db.select().from(cartItems).where(eq(cartItems.companyId, companyId))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.companyId, companyId))).toEqual([]);
    expect(await db.select().from(restockAlerts).where(eq(restockAlerts.companyId, companyId))).toEqual([]);
    expect(await db.select().from(companyVehicles).where(eq(companyVehicles.companyId, companyId))).toEqual([]);
    expect(await db.select().from(epcVinSearches).where(eq(epcVinSearches.companyId, companyId))).toEqual([]);
    expect(await db.select().from(depositorNames).where(eq(depositorNames.companyId, companyId))).toEqual([]);
    expect(await db.select().from(phoneCodes).where(eq(phoneCodes.phone, gone.main.phone))).toEqual([]);
    expect(await db.select().from(smsOutbox).where(eq(smsOutbox.phone, gone.main.phone))).toEqual([]);

    // orders: the supply record stays without the people in it.
    const [order] = await db.select().from(orders).where(eq(orders.id, goneRefs.orderId));
    expect({
      name: order!.name,
      phone: order!.phone,
      address: order!.address,
      addrSub: order!.addrSub,
      fromName: order!.fromName,
      fromPhone: order!.fromPhone,
      memo: order!.memo,
      jobRef: order!.jobRef,
      totalAmount: order!.totalAmount,
    }).toEqual({
      name: '탈퇴회원',
      phone: '',
      address: '서울 성동구 성수이로 77',
      addrSub: '',
      fromName: '',
      fromPhone: '',
      memo: '',
      jobRef: '',
      totalAmount: 10_000,
    });
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, goneRefs.orderId));
    expect([line!.memo, line!.jobRef, line!.qty, line!.price]).toEqual(['', '', 1, 10_000]);

    // Kept as they are: ledger, payments, tax invoices (5 years), the chat (3 years), the inquiry's text.
    expect(await db.select().from(cashLedger).where(eq(cashLedger.companyId, companyId))).toHaveLength(1);
    expect(await db.select().from(payments).where(eq(payments.companyId, companyId))).toHaveLength(1);
    const [invoice] = await db.select().from(taxInvoices).where(eq(taxInvoices.companyId, companyId));
    expect(invoice!.buyer).toEqual({ corpName: '탈퇴상사', ceoName: '탈퇴대표자' });
    expect(
      await db.select().from(chatMessages).where(eq(chatMessages.conversationId, goneRefs.conversationId)),
    ).toHaveLength(1);
    const [inquiry] = await db.select().from(inquiries).where(eq(inquiries.memberId, gone.main.seq));
    expect([inquiry!.phone, inquiry!.content]).toEqual(['', '탈퇴 제휴 문의']);

    // The company that stays keeps everything.
    const [other] = await db.select().from(companies).where(eq(companies.id, stays.companyId));
    expect([other!.phone, other!.mail]).toEqual(['02-411-2233', 'office-잔류회사@biz.kr']);
    expect(
      await db.select().from(shippingAddresses).where(eq(shippingAddresses.companyId, stays.companyId)),
    ).toHaveLength(1);
    expect(await db.select().from(favorites).where(eq(favorites.companyId, stays.companyId))).toHaveLength(1);
    expect(
      (await db.select().from(depositorNames).where(eq(depositorNames.companyId, stays.companyId))).map((r) => r.name),
    ).toEqual(['잔류회사사장 개인']);
    const [otherOrder] = await db.select().from(orders).where(eq(orders.id, stayRefs.orderId));
    expect([otherOrder!.name, otherOrder!.fromName, otherOrder!.jobRef]).toEqual([
      TEST_ADDRESS.name,
      '잔류회사발송인',
      '34나5678',
    ]);
    const [otherMain] = await db.select().from(members).where(eq(members.id, stays.main.seq));
    expect([otherMain!.name, otherMain!.phone]).toEqual([stays.main.name, stays.main.phone]);
    expect(await db.select().from(smsOutbox).where(eq(smsOutbox.phone, stays.main.phone))).toHaveLength(1);
  });

  it('a sub-account leaves alone: its own fields go, the company keeps its addresses, orders and favourites', async () => {
    const product = await makeProduct(server, { tiers: [5000, 5100, 5200, 5300], salePrice: 6000, stock: 0 });
    const shop = await makeCompany(server, '부계정만', 1);
    const refs = await furnish(shop, '부계정만', product.id);
    const sub = shop.subs[0]!;
    const res = await withdrawAccount(server, sub);
    expect([res.status, res.body.code]).toEqual([200, 201]);
    const db = server.db;
    const [m] = await db.select().from(members).where(eq(members.id, sub.seq));
    expect([m!.name, m!.phone, m!.contactPhone, m!.mail, m!.loginId]).toEqual([
      '탈퇴회원',
      '',
      '',
      '',
      `withdrawn-${sub.seq}@withdrawn.invalid`,
    ]);
    // Its restock request ends; the company's shared favourite (it added it) stays with the company.
    expect(await db.select().from(restockAlerts).where(eq(restockAlerts.memberId, sub.seq))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.companyId, shop.companyId))).toHaveLength(1);
    expect(
      await db.select().from(shippingAddresses).where(eq(shippingAddresses.companyId, shop.companyId)),
    ).toHaveLength(1);
    expect(
      (await db.select().from(depositorNames).where(eq(depositorNames.companyId, shop.companyId))).map((r) => r.name),
    ).toEqual(['부계정만사장 개인']);
    const [order] = await db.select().from(orders).where(eq(orders.id, refs.orderId));
    expect([order!.name, order!.jobRef]).toEqual([TEST_ADDRESS.name, '34나5678']);
    const [main] = await db.select().from(members).where(eq(members.id, shop.main.seq));
    expect([main!.name, main!.status]).toEqual([shop.main.name, 'active']);
    // Its contact number's code and text go, and its own '알림 설정'; the main account's setting stays.
    expect(await db.select().from(phoneCodes).where(eq(phoneCodes.phone, refs.contactPhone))).toEqual([]);
    expect(await db.select().from(smsOutbox).where(eq(smsOutbox.phone, refs.contactPhone))).toEqual([]);
    const settings = await db
      .select({ memberId: notifySettings.memberId })
      .from(notifySettings)
      .where(eq(notifySettings.companyId, shop.companyId));
    expect(settings).toEqual([{ memberId: shop.main.seq }]);
  });

  it('the sweep destroys the chat 3 years after its last message and the company 5 years after withdrawal', async () => {
    const product = await makeProduct(server, { tiers: [3000, 3100, 3200, 3300], salePrice: 4000, stock: 0 });
    const gone = await makeCompany(server, '기한경과', 1);
    const stays = await makeCompany(server, '기한잔류', 1);
    const goneRefs = await furnish(gone, '기한경과', product.id);
    const stayRefs = await furnish(stays, '기한잔류', product.id);
    expect((await withdrawAccount(server, gone.main)).body.code).toBe(201);
    const db = server.db;
    const chatOf = (id: number) => db.select().from(chatMessages).where(eq(chatMessages.conversationId, id));

    // The pictures' files: what the sweep asks the storage to remove once its transaction commits.
    const pictureKeys = async (conversationId: number) =>
      (
        await db
          .select({ storageKey: chatFiles.storageKey, thumbKey: chatFiles.thumbKey })
          .from(chatFiles)
          .where(eq(chatFiles.conversationId, conversationId))
      ).flatMap((f) => [f.storageKey, f.thumbKey]);
    const goneKeys = await pictureKeys(goneRefs.conversationId);
    const stayKeys = await pictureKeys(stayRefs.conversationId);
    expect([goneKeys.length, stayKeys.length]).toEqual([2, 2]);
    const removed: string[] = [];
    const files = {
      put: async () => {},
      read: async () => null,
      remove: async (key: string) => {
        removed.push(key);
      },
    };

    // One day short of 3 years: everything stays.
    await sweepRetention(db, new Date(Date.now() + 3 * YEAR - DAY), files);
    expect(await chatOf(goneRefs.conversationId)).toHaveLength(1);
    expect(removed).toEqual([]);

    // 3 years and a day: the withdrawn customer's chat (messages, pictures, conversation) goes; the other's stays.
    await sweepRetention(db, new Date(Date.now() + 3 * YEAR + 2 * DAY), files);
    // Earlier withdrawals of this file have pictures of the same age: only those of the staying customer must stay.
    expect(removed).toEqual(expect.arrayContaining(goneKeys));
    for (const key of stayKeys) expect(removed).not.toContain(key);
    expect(await chatOf(goneRefs.conversationId)).toEqual([]);
    expect(await db.select().from(chatFiles).where(eq(chatFiles.conversationId, goneRefs.conversationId))).toEqual([]);
    expect(await db.select().from(chatConversations).where(eq(chatConversations.id, goneRefs.conversationId))).toEqual(
      [],
    );
    expect(await chatOf(stayRefs.conversationId)).toHaveLength(1);
    const [early] = await db.select().from(companies).where(eq(companies.id, gone.companyId));
    expect([early!.name, early!.purgedAt]).toEqual(['기한경과상사', null]);

    // 5 years and two days: the orders, ledger, payments and invoices go, then the company's own fields.
    const later = new Date(Date.now() + 5 * YEAR + 3 * DAY);
    await sweepRetention(db, later);
    const companyId = gone.companyId;
    expect(await db.select().from(orders).where(eq(orders.companyId, companyId))).toEqual([]);
    expect(await db.select().from(cashLedger).where(eq(cashLedger.companyId, companyId))).toEqual([]);
    expect(await db.select().from(payments).where(eq(payments.companyId, companyId))).toEqual([]);
    expect(await db.select().from(taxInvoices).where(eq(taxInvoices.companyId, companyId))).toEqual([]);
    const [purged] = await db.select().from(companies).where(eq(companies.id, companyId));
    expect({
      name: purged!.name,
      license: purged!.license,
      ceo: purged!.ceo,
      addrMain: purged!.addrMain,
      bizType: purged!.bizType,
      invoiceMail: purged!.invoiceMail,
      purgedAt: purged!.purgedAt?.toISOString(),
    }).toEqual({
      name: '탈퇴회사',
      license: null,
      ceo: '',
      addrMain: '',
      bizType: '',
      invoiceMail: '',
      purgedAt: later.toISOString(),
    });
    // A later sweep finds it purged already: the purge keeps its first date.
    await sweepRetention(db, new Date(later.getTime() + 7 * DAY));
    const [again] = await db
      .select({ purgedAt: companies.purgedAt })
      .from(companies)
      .where(eq(companies.id, companyId));
    expect(again!.purgedAt?.toISOString()).toBe(later.toISOString());
    // A company that never left keeps its records whatever their age.
    expect(await rowsOf(db.select().from(orders).where(eq(orders.companyId, stays.companyId)))).toHaveLength(1);
    const [kept] = await db.select().from(companies).where(eq(companies.id, stays.companyId));
    expect([kept!.name, kept!.purgedAt]).toEqual(['기한잔류상사', null]);
  });

  it('advertising inquiries go six calendar months after they were sent, whoever sent them; partnership requests stay', async () => {
    const db = server.db;
    const now = new Date('2030-09-15T03:00:00Z');
    const sent = async (qnaType: string, createdAt: string) =>
      (
        await db
          .insert(inquiries)
          .values({ qnaType, phone: '', content: `${qnaType} ${createdAt}`, createdAt: new Date(createdAt) })
          .returning({ id: inquiries.id })
      )[0]!.id;
    // Six months before 2030-09-15 03:00 is 2030-03-15 03:00.
    const adOverdue = await sent('advertising', '2030-03-15T02:59:59Z');
    const adInTime = await sent('advertising', '2030-03-15T03:00:01Z');
    const partnership = await sent('partnership', '2023-01-02T00:00:00Z');
    await sweepRetention(db, now);
    const left = await db
      .select({ id: inquiries.id })
      .from(inquiries)
      .where(inArray(inquiries.id, [adOverdue, adInTime, partnership]));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([adInTime, partnership]);
  });

  it("a withdrawn company's return reasons and staff notes go 3 years after the order; the order stays, and so do another company's", async () => {
    const db = server.db;
    const product = await makeProduct(server, { tiers: [2000, 2100, 2200, 2300], salePrice: 2500 });
    const gone = await makeCompany(server, '분쟁경과', 0);
    const stays = await makeCompany(server, '분쟁잔류', 0);
    const disputed = async (shop: TestCompany) => {
      const id = await insertOrder(server, {
        companyId: shop.companyId,
        memberId: shop.main.seq,
        status: 5,
        productId: product.id,
        returnReason: 2,
        shippedAt: new Date(),
      });
      await db.update(orders).set({ staffNote: '상품 정보 상이 확인' }).where(eq(orders.id, id));
      return id;
    };
    const goneOrder = await disputed(gone);
    const staysOrder = await disputed(stays);
    expect((await withdrawAccount(server, gone.main)).body.code).toBe(201);
    const dispute = async (id: number) =>
      (await db.select({ r: orders.returnReason, n: orders.staffNote }).from(orders).where(eq(orders.id, id)))[0];

    await sweepRetention(db, new Date(Date.now() + 3 * YEAR - DAY));
    expect(await dispute(goneOrder)).toEqual({ r: 2, n: '상품 정보 상이 확인' });

    await sweepRetention(db, new Date(Date.now() + 3 * YEAR + 2 * DAY));
    expect(await dispute(goneOrder)).toEqual({ r: null, n: '' });
    expect(await dispute(staysOrder)).toEqual({ r: 2, n: '상품 정보 상이 확인' });
  });

  it('an old order that a later tax invoice names stays until that invoice is five years old; its lines go with the rest', async () => {
    const db = server.db;
    const product = await makeProduct(server, { tiers: [1500, 1600, 1700, 1800], salePrice: 2000 });
    const shop = await makeCompany(server, '수정발행', 0);
    const orderId = await insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: 5,
      productId: product.id,
    });
    // A 수정세금계산서 of the order, written a year after it.
    const [invoice] = await db
      .insert(taxInvoices)
      .values({
        companyId: shop.companyId,
        kind: 'correction',
        mgtKey: `C-${orderId}`,
        orderId,
        status: 'issued',
        writeDate: '20271130',
        supply: -9091,
        tax: -909,
        total: -10_000,
        buyer: { corpName: '수정발행상사', ceoName: '수정발행대표' },
        createdAt: new Date(Date.now() + YEAR),
      })
      .returning({ id: taxInvoices.id });
    expect((await withdrawAccount(server, shop.main)).body.code).toBe(201);
    const left = async () => ({
      order: (await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))).length,
      lines: (await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId))).length,
      invoice: (await db.select({ id: taxInvoices.id }).from(taxInvoices).where(eq(taxInvoices.id, invoice!.id)))
        .length,
    });

    await sweepRetention(db, new Date(Date.now() + 5 * YEAR + 3 * DAY));
    expect(await left()).toEqual({ order: 1, lines: 0, invoice: 1 });

    await sweepRetention(db, new Date(Date.now() + 6 * YEAR + 4 * DAY));
    expect(await left()).toEqual({ order: 0, lines: 0, invoice: 0 });
  });

  it("a withdrawn customer's conversation without a message goes 3 years after it was opened; a staying customer's stays", async () => {
    const db = server.db;
    const gone = await makeCompany(server, '빈대화탈퇴', 0);
    const stay = await makeCompany(server, '빈대화유지', 0);
    const talked = await makeCompany(server, '늦은대화탈퇴', 0);
    for (const account of [gone.main, talked.main]) {
      const res = await withdrawAccount(server, account);
      expect([res.status, res.body.code]).toEqual([200, 201]);
    }
    // Opened a year earlier still, but its last message is of 2027-06-01: it counts from that message.
    const [talkedChat] = await db
      .insert(chatConversations)
      .values({ customerId: talked.main.seq, createdAt: new Date('2026-01-10T00:00:00Z') })
      .returning({ id: chatConversations.id });
    await db.insert(chatMessages).values({
      conversationId: talkedChat!.id,
      senderId: talked.main.seq,
      senderSide: 'customer',
      clientMessageId: randomUUID(),
      type: 'text',
      body: '반품 문의',
      createdAt: new Date('2027-06-01T00:00:00Z'),
    });
    const opened = new Date('2027-01-10T00:00:00Z');
    const [goneChat] = await db
      .insert(chatConversations)
      .values({ customerId: gone.main.seq, createdAt: opened })
      .returning({ id: chatConversations.id });
    const [stayChat] = await db
      .insert(chatConversations)
      .values({ customerId: stay.main.seq, createdAt: opened })
      .returning({ id: chatConversations.id });
    const left = async () =>
      (
        await db
          .select({ id: chatConversations.id })
          .from(chatConversations)
          .where(inArray(chatConversations.id, [goneChat!.id, stayChat!.id, talkedChat!.id]))
      )
        .map((r) => r.id)
        .sort((a, b) => a - b);
    // A day short of 3 years after it was opened: both stay.
    await sweepRetention(db, new Date('2030-01-09T00:00:00Z'));
    const ordered = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(await left()).toEqual(ordered([goneChat!.id, stayChat!.id, talkedChat!.id]));
    // A day past: the withdrawn customer's goes, though no message ever dated it.
    await sweepRetention(db, new Date('2030-01-11T00:00:00Z'));
    expect(await left()).toEqual(ordered([stayChat!.id, talkedChat!.id]));
  });
});
