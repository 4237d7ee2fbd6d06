import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_PAPERWORK, orderMgtKey } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { companies, sentEffects, taxInvoiceOutbox, taxInvoices } from '../../src/db/schema.js';
import { runHandler } from '../../src/features/jobs/index.js';
import { popbillTaxInvoices } from '../../src/features/tax-invoices/popbill.js';
import { consoleTaxInvoices } from '../../src/features/tax-invoices/provider.js';
import type { TaxInvoiceProvider } from '../../src/features/tax-invoices/types.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct, type OrderFixture } from '../order-helpers.js';
import { popbillStandIn } from '../stand-ins.js';

/**
 * 전자세금계산서 (docs/requirements.md#tax-invoices): per-order invoices issued once when shipped, whatever the retries; a
 * company without 업태/종목/e-mail fails with a message and nothing issued; corrections after a return;
 * 월합계 less returns; who may read the list.
 */
let server: TestServer;
let staff: string;
let full: TestCompany;
let bare: TestCompany;
let productId: number;

const INVOICE_FIELDS = {
  bizType: '서비스',
  bizItem: '자동차 정비',
  invoiceMail: 'tax@gaon.kr',
  invoiceMode: 'order' as const,
};

/** The order's own invoice (its corrections name the order too). */
async function invoiceOf(orderId: number) {
  const [row] = await server.db
    .select()
    .from(taxInvoices)
    .where(and(eq(taxInvoices.orderId, orderId), eq(taxInvoices.kind, 'order')));
  return row;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function ship(orderId: number) {
  expect((await call(server, 'adminSetOrderStatus', { seq: orderId, status: 1 }, { token: staff })).status).toBe(200);
  const shipped = await call(
    server,
    'adminSetOrderStatus',
    { seq: orderId, status: 2, carrier: 'CJ대한통운', waybill: String(600_000_000_000 + orderId) },
    { token: staff },
  );
  expect(shipped.body.code, shipped.body.message).toBe(201);
}

/** An order of the company's main account, waiting for staff (status 0), then shipped by staff. */
async function shippedOrder(company: TestCompany, amounts: { totalAmount: number; shipping: number }) {
  const orderId = await insertOrder(server, {
    companyId: company.companyId,
    memberId: company.main.seq,
    status: 0,
    productId,
    ...amounts,
  });
  await ship(orderId);
  return orderId;
}

/** The order's invoice once its job has brought it to `status` (or as it stands after 20 s). */
const invoiceWhen = (orderId: number, status: 'sent' | 'failed') =>
  until(
    () => invoiceOf(orderId),
    (r) => r?.status === status,
  );

/** What the dev provider was sent for the order's invoice. */
const outboxOf = (orderId: number) =>
  server.db
    .select()
    .from(taxInvoiceOutbox)
    .where(eq(taxInvoiceOutbox.mgtKey, orderMgtKey(orderId)));

beforeAll(async () => {
  server = await startTestServer();
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  full = await makeCompany(server, '가온');
  bare = await makeCompany(server, '다솜');
  await server.db
    .update(companies)
    .set({ ceo: '김가온', addrMain: '부산 해운대구 센텀중앙로 97', ...INVOICE_FIELDS })
    .where(eq(companies.id, full.companyId));
  productId = (await makeProduct(server, { tiers: [55_000, 0, 0, 0], salePrice: 55_000 })).id;
});
afterAll(async () => {
  await server?.close();
});

describe('per-order invoices', () => {
  it('shipping an order writes its invoice in the same move; the job issues it once to the dev outbox', async () => {
    const orderId = await shippedOrder(full, { totalAmount: 55_000, shipping: 6_600 });
    const row = await invoiceWhen(orderId, 'sent');
    expect(row).toMatchObject({
      kind: 'order',
      mgtKey: orderMgtKey(orderId),
      status: 'sent',
      total: 61_600,
      supply: 56_000,
      tax: 5_600,
      error: '',
    });
    const outbox = await outboxOf(orderId);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.fields).toMatchObject({
      total: 61_600,
      // Paid from the company's cash before it shipped: 영수.
      purpose: '영수',
      buyer: { corpName: '가온상사', bizType: '서비스', bizClass: '자동차 정비', email: 'tax@gaon.kr' },
    });

    // The buyer sees it on the order and in the list; a sub-account may not read the list.
    const token = await loginAs(server, full.main.id, full.main.pw);
    const orders = await call(server, 'getMallOrderInfo', { page: 1, size: 15 }, { token });
    expect(orders.body.results!.find((o) => o.seq === orderId)!.taxInvoice).toMatchObject({
      status: 'sent',
      statusLabel: '국세청 전송',
      ntsConfirmNum: row!.ntsConfirmNum,
    });
    // Nothing refunded: no correction on the order.
    expect(orders.body.results!.find((o) => o.seq === orderId)!.taxCorrections).toBeUndefined();
    const list = await call(server, 'getTaxInvoices', { page: 1, size: 15 }, { token });
    expect(list.body.results!.map((r) => [r.mgtKey, r.total, r.statusLabel])).toEqual([
      [orderMgtKey(orderId), 61_600, '국세청 전송'],
    ]);
    const sub = await loginAs(server, full.subs[0]!.id, full.subs[0]!.pw);
    expect((await call(server, 'getTaxInvoices', {}, { token: sub })).status).toBe(403);
    expect((await call(server, 'getTaxInvoices', {}, { token: staff })).status).toBe(403);
    expect((await call(server, 'getTaxInvoices', {})).status).toBe(401);
    const other = await loginAs(server, bare.main.id, bare.main.pw);
    expect((await call(server, 'getTaxInvoices', {}, { token: other })).body.results).toEqual([]);
    const decade = await call(server, 'getTaxInvoices', { startDate: '2016-01-01', endDate: '2026-01-01' }, { token });
    expect(decade.body.message).toBe(MSG_PAPERWORK.rangeTooLong);
  });

  it('a return after issuance gets a negative 수정세금계산서 for the refunded amount', async () => {
    const orderId = await shippedOrder(full, { totalAmount: 22_000, shipping: 0 });
    await invoiceWhen(orderId, 'sent');
    const token = await loginAs(server, full.main.id, full.main.pw);
    expect((await call(server, 'returnMallOrder', { seq: orderId, returnReason: 0 }, { token })).body.code).toBe(201);
    expect((await call(server, 'adminSetOrderStatus', { seq: orderId, status: 5 }, { token: staff })).body.code).toBe(
      201,
    );
    const correction = await until(
      async () =>
        (
          await server.db
            .select()
            .from(taxInvoices)
            .where(sql`${taxInvoices.kind} = 'correction' and ${taxInvoices.orderId} = ${orderId}`)
        )[0],
      (r) => r?.status === 'sent',
    );
    expect(correction).toMatchObject({ total: -22_000, supply: -20_000, tax: -2_000 });
    expect(correction!.mgtKey.startsWith(`${orderMgtKey(orderId)}-R`)).toBe(true);
    // A 반품 is 환입 (수정사유 3), with the original's 작성일자 and 승인번호.
    const [original] = await server.db
      .select()
      .from(taxInvoices)
      .where(sql`${taxInvoices.kind} = 'order' and ${taxInvoices.orderId} = ${orderId}`);
    const [sentDoc] = await server.db
      .select()
      .from(taxInvoiceOutbox)
      .where(eq(taxInvoiceOutbox.mgtKey, correction!.mgtKey));
    expect(sentDoc!.fields).toMatchObject({
      modifyCode: 3,
      // Paid from cash before it shipped: 영수, like its original.
      purpose: '영수',
      correctionOf: orderMgtKey(orderId),
      originalWriteDate: original!.writeDate,
      originalNtsConfirmNum: original!.ntsConfirmNum,
    });
    // The order says both: the invoice it was issued, and the correction that undid it.
    const detail = (await call(server, 'getMallOrderDetail', { seq: orderId }, { token })).body.results!;
    expect(detail.taxInvoice).toMatchObject({ status: 'sent', ntsConfirmNum: original!.ntsConfirmNum });
    const shown = {
      supply: -20_000,
      tax: -2_000,
      total: -22_000,
      status: 'sent',
      statusLabel: '국세청 전송',
      ntsConfirmNum: correction!.ntsConfirmNum,
    };
    expect(detail.taxCorrections).toEqual([expect.objectContaining(shown)]);
    const listed = await call(server, 'getMallOrderInfo', { page: 1, size: 15 }, { token });
    expect(listed.body.results!.find((o) => o.seq === orderId)!.taxCorrections).toEqual([
      expect.objectContaining(shown),
    ]);
  });

  it('a company without 업태, 종목 or e-mail: the invoice fails with a Korean message, nothing issued; staff fill them and retry', async () => {
    const orderId = await shippedOrder(bare, { totalAmount: 11_000, shipping: 0 });
    const failed = await invoiceWhen(orderId, 'failed');
    expect(failed!.error).toBe(MSG_PAPERWORK.invoiceFieldsMissing('업태, 종목, 세금계산서 이메일'));
    expect(await outboxOf(orderId)).toEqual([]);

    const set = await call(
      server,
      'adminSetCompanyInvoiceInfo',
      { companyId: bare.companyId, bizType: '도소매', bizItem: '수입차 부품', invoiceMail: 'tax@dasom.kr' },
      { token: staff },
    );
    expect(set.body.code).toBe(201);
    const retried = await call(server, 'adminRetryTaxInvoice', { seq: failed!.id }, { token: staff });
    expect(retried.body.results!.status).toBe('pending');
    const sent = await invoiceWhen(orderId, 'sent');
    expect(sent!.total).toBe(11_000);
    // Retrying what is no longer failed is refused; the audit has both staff writes.
    expect((await call(server, 'adminRetryTaxInvoice', { seq: failed!.id }, { token: staff })).status).toBe(409);
    const audit = await queryRows<{ action: string }>(
      server.db,
      sql`select action from admin_audit where target in (${`taxInvoice:${failed!.id}`}, ${`company:${bare.companyId}`}) order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['setCompanyInvoiceInfo', 'retryTaxInvoice']);
    // A member may not call the back office's invoice calls.
    const member = await loginAs(server, full.main.id, full.main.pw);
    expect((await call(server, 'adminTaxInvoiceList', {}, { token: member })).status).toBe(403);
  });

  it('the job run twice, and again after a crash between the effect and its record, issues once', async () => {
    const orderId = await shippedOrder(full, { totalAmount: 33_000, shipping: 0 });
    const row = await invoiceWhen(orderId, 'sent');
    const job = {
      id: randomBytes(4).toString('hex'),
      data: { invoiceId: row!.id },
      singletonKey: row!.mgtKey,
      retryCount: 0,
    };
    const deps = {
      db: server.db,
      sms: server.ctx!.sms,
      log: server.app.log,
      taxInvoices: consoleTaxInvoices(server.db, server.app.log),
    };
    await runHandler('taxInvoice.issue', job, deps);
    // A crash after the provider accepted and before the row was updated: the row still waits; the
    // next try asks the provider by mgtKey and records what it has.
    await server.db.update(taxInvoices).set({ status: 'pending' }).where(eq(taxInvoices.id, row!.id));
    await runHandler('taxInvoice.issue', job, deps);
    expect((await invoiceOf(orderId))!.status).toBe('sent');
    expect(await outboxOf(orderId)).toHaveLength(1);
  });
});

describe('an invoice past issuing', () => {
  it('its job run again, once it is issued, sent or cancelled by staff, asks the provider nothing and changes nothing', async () => {
    const orderId = await shippedOrder(full, { totalAmount: 22_000, shipping: 0 });
    const row = await invoiceWhen(orderId, 'sent');
    const provider = consoleTaxInvoices(server.db, server.app.log);
    let asked = 0;
    const counting: typeof provider = {
      ...provider,
      issue: (doc) => {
        asked++;
        return provider.issue(doc);
      },
    };
    const deps = { db: server.db, sms: server.ctx!.sms, log: server.app.log, taxInvoices: counting };
    const job = { id: randomBytes(4).toString('hex'), data: { invoiceId: row!.id }, singletonKey: null, retryCount: 0 };
    for (const status of ['sent', 'issued', 'cancelled'] as const) {
      await server.db.update(taxInvoices).set({ status }).where(eq(taxInvoices.id, row!.id));
      await runHandler('taxInvoice.issue', job, deps);
      expect([status, (await invoiceOf(orderId))!.status, asked]).toEqual([status, status, 0]);
    }
    expect(await outboxOf(orderId)).toHaveLength(1);
  });
});

describe('a refund beside an invoice being issued', () => {
  /** The order returned by its buyer and the return approved by staff: refunded whole. */
  async function refundWhole(orderId: number) {
    const token = await loginAs(server, full.main.id, full.main.pw);
    expect((await call(server, 'returnMallOrder', { seq: orderId, returnReason: 0 }, { token })).body.code).toBe(201);
    const approved = await call(server, 'adminSetOrderStatus', { seq: orderId, status: 5 }, { token: staff });
    expect(approved.body.code).toBe(201);
  }
  const correctionsOf = (orderId: number) =>
    server.db
      .select()
      .from(taxInvoices)
      .where(sql`${taxInvoices.kind} = 'correction' and ${taxInvoices.orderId} = ${orderId}`);
  /** A try that sent the invoice's amounts and timed out: failed, drafted, its effect log cleared. */
  async function answerLost(row: { id: number; mgtKey: string }) {
    await server.db
      .update(taxInvoices)
      .set({ status: 'failed', error: 'timeout', issuedAt: null, draftedAt: new Date(), ntsConfirmNum: null })
      .where(eq(taxInvoices.id, row.id));
    await server.db.delete(sentEffects).where(sql`${sentEffects.key} like ${`%${row.mgtKey}%`}`);
  }
  /** The invoice as an earlier moment left it, its effect log cleared; then its job run with `provider`. */
  async function rerun(row: { id: number; mgtKey: string }, provider: TaxInvoiceProvider) {
    const job = {
      id: randomBytes(4).toString('hex'),
      data: { invoiceId: row.id },
      singletonKey: row.mgtKey,
      retryCount: 1,
    };
    const deps = { db: server.db, sms: server.ctx!.sms, log: server.app.log, taxInvoices: provider };
    await runHandler('taxInvoice.issue', job, deps);
  }

  it('a refund written while the provider issues the invoice gets its 수정세금계산서', async () => {
    const orderId = await shippedOrder(full, { totalAmount: 33_000, shipping: 0 });
    const row = (await invoiceWhen(orderId, 'sent'))!;
    // Back to before its first try.
    await server.db
      .update(taxInvoices)
      .set({ status: 'pending', issuedAt: null, draftedAt: null, ntsConfirmNum: null })
      .where(eq(taxInvoices.id, row.id));
    await server.db.delete(sentEffects).where(sql`${sentEffects.key} like ${`%${row.mgtKey}%`}`);
    const sent: number[] = [];
    await rerun(row, {
      name: 'popbill',
      issue: async (doc) => {
        sent.push(doc.total);
        await refundWhole(orderId); // the move finds no issued invoice to correct
        return { ntsConfirmNum: '202600000000000000000033', sent: true };
      },
      states: async () => new Map(),
    });
    expect(sent).toEqual([33_000]);
    expect(await invoiceOf(orderId)).toMatchObject({ status: 'sent', total: 33_000 });
    expect((await correctionsOf(orderId)).map((c) => c.total)).toEqual([-33_000]);
  });

  it('a try whose answer was lost, then a whole refund: the retry finds it issued at the provider, keeps it and corrects it', async () => {
    const orderId = await shippedOrder(full, { totalAmount: 27_500, shipping: 0 });
    const row = (await invoiceWhen(orderId, 'sent'))!;
    // Its try sent the amounts and timed out; the provider had issued it.
    await answerLost(row);
    await refundWhole(orderId);
    expect(await correctionsOf(orderId)).toEqual([]);
    const asked: string[][] = [];
    await rerun(row, {
      name: 'popbill',
      issue: () => Promise.reject(new Error('held at the provider: not issued again')),
      states: async (keys) => {
        asked.push(keys);
        return new Map([[row.mgtKey, { ntsConfirmNum: '202600000000000000000275', sent: true }]]);
      },
    });
    expect(asked).toEqual([[row.mgtKey]]);
    expect(await invoiceOf(orderId)).toMatchObject({
      status: 'sent',
      total: 27_500,
      ntsConfirmNum: '202600000000000000000275',
    });
    expect((await correctionsOf(orderId)).map((c) => c.total)).toEqual([-27_500]);
  });
  it('the demo provider answers what it holds: a lost answer, then a whole refund, keeps the invoice as issued and corrects it', async () => {
    const orderId = await shippedOrder(full, { totalAmount: 18_700, shipping: 0 });
    const row = (await invoiceWhen(orderId, 'sent'))!;
    const [outbox] = await outboxOf(orderId);
    // Its try reached the outbox and its answer was lost.
    await answerLost(row);
    await refundWhole(orderId);
    await rerun(row, consoleTaxInvoices(server.db, server.app.log));
    expect(await invoiceOf(orderId)).toMatchObject({ status: 'sent', total: 18_700, ntsConfirmNum: row.ntsConfirmNum });
    expect((await correctionsOf(orderId)).map((c) => c.total)).toEqual([-18_700]);
    expect(await outboxOf(orderId)).toEqual([outbox]);
  });
});

describe('a staff cancel beside a running issue', () => {
  /** The invoice back to before any try: pending, never drafted, nothing at the provider nor in the effect log. */
  async function untried(row: { id: number; mgtKey: string }, status: 'pending' | 'failed', drafted: Date | null) {
    await server.db
      .update(taxInvoices)
      .set({ status, issuedAt: null, draftedAt: drafted, ntsConfirmNum: null, error: '' })
      .where(eq(taxInvoices.id, row.id));
    await server.db.delete(sentEffects).where(sql`${sentEffects.key} like ${`%${row.mgtKey}%`}`);
    await server.db.delete(taxInvoiceOutbox).where(eq(taxInvoiceOutbox.mgtKey, row.mgtKey));
  }
  /** A provider stand-in whose `step` waits until the test lets it go; `reached` resolves when it is waiting. */
  function held() {
    let release!: () => void;
    let reached!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const waiting = new Promise<void>((r) => (reached = r));
    const issued: number[] = [];
    const provider: TaxInvoiceProvider = {
      name: 'popbill',
      issue: async (doc) => {
        issued.push(doc.total);
        reached();
        await gate;
        return { ntsConfirmNum: '202600000000000000000099', sent: true };
      },
      states: async () => new Map(),
    };
    return { provider, issued, release, waiting };
  }
  const runWith = (row: { id: number; mgtKey: string }, provider: TaxInvoiceProvider) =>
    runHandler(
      'taxInvoice.issue',
      { id: randomBytes(4).toString('hex'), data: { invoiceId: row.id }, singletonKey: row.mgtKey, retryCount: 0 },
      { db: server.db, sms: server.ctx!.sms, log: server.app.log, taxInvoices: provider },
    );
  const cancel = (id: number) => call(server, 'adminCancelTaxInvoice', { seq: id }, { token: staff });

  it('a cancel while the provider issues the invoice is refused in Korean; the invoice ends issued', async () => {
    const orderId = await shippedOrder(full, { totalAmount: 16_500, shipping: 0 });
    const row = (await invoiceWhen(orderId, 'sent'))!;
    await untried(row, 'pending', null);
    const stand = held();
    const run = runWith(row, stand.provider);
    await stand.waiting;
    const refused = await cancel(row.id);
    stand.release();
    await run;
    expect([refused.body.code, refused.body.message]).toEqual([
      409,
      '세금계산서를 발행하는 중이라 취소하지 않았습니다. 발행이 끝난 뒤 상태를 확인하세요.',
    ]);
    expect(stand.issued).toEqual([16_500]);
    expect(await invoiceOf(orderId)).toMatchObject({ status: 'sent', ntsConfirmNum: '202600000000000000000099' });
    const list = await call(
      server,
      'adminTaxInvoiceList',
      { companyId: full.companyId, page: 1, size: 50 },
      { token: staff },
    );
    expect(list.body.results!.find((r) => r.seq === row.id)!.statusLabel).toBe('국세청 전송');
  });

  it('an issue job that finds the invoice cancelled while it read it issues nothing', async () => {
    const orderId = await shippedOrder(full, { totalAmount: 14_300, shipping: 0 });
    const row = (await invoiceWhen(orderId, 'sent'))!;
    // An earlier try failed after sending its amounts: this try first asks the provider whether it holds them.
    await untried(row, 'failed', new Date(Date.now() - 3_600_000));
    let asked!: () => void;
    let answer!: () => void;
    const askedNow = new Promise<void>((r) => (asked = r));
    const answered = new Promise<void>((r) => (answer = r));
    const issued: number[] = [];
    const run = runWith(row, {
      name: 'popbill',
      issue: async (doc) => {
        issued.push(doc.total);
        return { ntsConfirmNum: '202600000000000000000143', sent: true };
      },
      states: async () => {
        asked();
        await answered;
        return new Map();
      },
    });
    await askedNow;
    const cancelled = await cancel(row.id);
    answer();
    await run;
    expect([cancelled.body.code, cancelled.body.message]).toEqual([201, '세금계산서 발행을 취소했습니다.']);
    expect(issued).toEqual([]);
    expect(await invoiceOf(orderId)).toMatchObject({ status: 'cancelled', ntsConfirmNum: null, issuedAt: null });
    expect(await outboxOf(orderId)).toEqual([]);
  });
});

describe('Popbill', () => {
  it('registIssue once per mgtKey: a retry after a crash finds the issued document; a failure is retried', async () => {
    const secret = Buffer.from('popbill-test-secret-key-0123456789').toString('base64');
    const standIn = await popbillStandIn('PARTSMALL', secret);
    try {
      const provider = popbillTaxInvoices({
        linkId: 'PARTSMALL',
        secretKey: secret,
        corpNum: '2148812345',
        userId: 'partsmall',
        test: true,
        ipRestrict: false,
        mgtKeyPrefix: 'T1',
        authUrl: standIn.url,
        apiUrl: standIn.url,
        timeoutMs: 2_000,
        issueTimeoutMs: 2_000,
      });
      const orderId = await shippedOrder(full, { totalAmount: 44_000, shipping: 0 });
      const row = await invoiceWhen(orderId, 'sent');
      await server.db.update(taxInvoices).set({ status: 'pending', issuedAt: null }).where(eq(taxInvoices.id, row!.id));
      await server.db.delete(sentEffects).where(sql`${sentEffects.key} like ${`%${row!.mgtKey}%`}`);
      const job = {
        id: randomBytes(4).toString('hex'),
        data: { invoiceId: row!.id },
        singletonKey: `${row!.mgtKey}:popbill`,
        retryCount: 0,
      };
      const deps = { db: server.db, sms: server.ctx!.sms, log: server.app.log, taxInvoices: provider };
      standIn.failNextIssues(1);
      await expect(runHandler('taxInvoice.issue', job, deps)).rejects.toThrow('팝빌 오류');
      expect((await invoiceOf(orderId))!.status).toBe('failed');
      await runHandler('taxInvoice.issue', job, deps);
      const issued = await invoiceOf(orderId);
      expect(issued).toMatchObject({ status: 'issued', ntsConfirmNum: '202600000000000000000001' });
      const doc = standIn.issued.get(`T1${row!.mgtKey}`)!;
      expect(doc).toMatchObject({
        invoicerCorpNum: '2148812345',
        invoiceeCorpName: '가온상사',
        invoiceeBizType: '서비스',
        invoiceeEmail1: 'tax@gaon.kr',
        totalAmount: '44000',
        supplyCostTotal: '40000',
        taxTotal: '4000',
        purposeType: '영수',
      });
      // The crash case: the row and the effect log lost, the provider has it: no second registIssue.
      await server.db.update(taxInvoices).set({ status: 'pending' }).where(eq(taxInvoices.id, row!.id));
      await server.db.delete(sentEffects).where(sql`${sentEffects.key} like ${`%${row!.mgtKey}%`}`);
      await runHandler('taxInvoice.issue', { ...job, retryCount: 1 }, deps);
      expect(standIn.calls.registIssue).toBe(2);
      expect(standIn.issued.size).toBe(1);
      expect((await invoiceOf(orderId))!.status).toBe('issued');
    } finally {
      await standIn.close();
    }
  });
});

/** A company's 발행 방식, with the fields an invoice needs. */
const setInvoiceMode = (companyId: number, invoiceMode: 'order' | 'monthly') =>
  server.db
    .update(companies)
    .set({ ...INVOICE_FIELDS, invoiceMode })
    .where(eq(companies.id, companyId));

/** The 월합계 job of a month, as the schedule writes it (`retryCount` 1: its retry). */
const runMonthly = (month: string, retryCount = 0) =>
  runHandler(
    'taxInvoice.monthly',
    { id: `m${month}`, data: { month }, singletonKey: `month:${month}`, retryCount },
    { db: server.db, sms: server.ctx!.sms, log: server.app.log },
  );

/** An order's own invoice row, as shipping a per-order company's order writes it. */
const writeOrderInvoice = (companyId: number, orderId: number, status: 'sent' | 'failed', writeDate: string) =>
  server.db.insert(taxInvoices).values({
    companyId,
    kind: 'order',
    mgtKey: orderMgtKey(orderId),
    orderId,
    status,
    writeDate,
    supply: 0,
    tax: 0,
    total: 0,
    items: [],
  });

/** A cash order of the company written as shipped at `shippedAt` (status 2), without an invoice. */
const orderShippedAt = (company: TestCompany, totalAmount: number, shippedAt: Date) =>
  insertOrder(server, {
    companyId: company.companyId,
    memberId: company.main.seq,
    productId,
    shipping: 0,
    createdAt: shippedAt,
    status: 2,
    totalAmount,
    shippedAt,
  });

const monthlyInvoicesOf = (companyId: number) =>
  server.db
    .select()
    .from(taxInvoices)
    .where(and(eq(taxInvoices.companyId, companyId), eq(taxInvoices.kind, 'monthly')));

describe('월합계', () => {
  it("one invoice per company for the month's shipped orders in Seoul time, less an order returned before issuance", async () => {
    const monthly = await makeCompany(server, '라온');
    await setInvoiceMode(monthly.companyId, 'monthly');
    const shipped = new Date('2026-09-15T03:00:00Z');
    const order = (fields: Pick<OrderFixture, 'status' | 'totalAmount' | 'shippedAt' | 'returnReason'>) =>
      insertOrder(server, {
        companyId: monthly.companyId,
        memberId: monthly.main.seq,
        productId,
        shipping: 0,
        createdAt: shipped,
        ...fields,
      });
    const kept1 = await order({ status: 2, totalAmount: 11_000, shippedAt: shipped });
    const kept2 = await order({ status: 2, totalAmount: 22_000, shippedAt: new Date('2026-09-30T15:30:00Z') });
    const returned = await order({ status: 4, totalAmount: 33_000, shippedAt: shipped, returnReason: 0 });
    // 08-31 15:30 UTC is 09-01 00:30 in Seoul: September's first half hour.
    const first = await order({ status: 2, totalAmount: 44_000, shippedAt: new Date('2026-08-31T15:30:00Z') });
    await call(server, 'adminSetOrderStatus', { seq: returned, status: 5 }, { token: staff });
    // The job run twice (a retry) still leaves one invoice.
    for (const retryCount of [0, 1]) await runMonthly('2026-09', retryCount);
    const rows = await server.db.select().from(taxInvoices).where(eq(taxInvoices.companyId, monthly.companyId));
    expect(rows).toHaveLength(1);
    // 09-30 15:30 UTC is 10-01 00:30 in Seoul: October's, not on this invoice.
    expect(rows[0]).toMatchObject({ kind: 'monthly', month: '2026-09', writeDate: '20260930', total: 55_000 });
    expect(rows[0]!.items.map((i) => i.orderSeq)).toEqual([kept1, first]);
    expect(kept2).toBeGreaterThan(0);
  });

  it('a company that switched to 월합계 in the month: its orders invoiced one by one are not listed again', async () => {
    const switched = await makeCompany(server, '새봄');
    const order = (totalAmount: number) => orderShippedAt(switched, totalAmount, new Date('2026-10-14T02:00:00Z'));
    // Shipped while it took per-order invoices: its own invoice, issued (another refused by the 국세청
    // is still its own).
    const perOrder = await order(16_500);
    const refusedPerOrder = await order(5_500);
    await writeOrderInvoice(switched.companyId, perOrder, 'sent', '20261014');
    await writeOrderInvoice(switched.companyId, refusedPerOrder, 'failed', '20261014');
    await setInvoiceMode(switched.companyId, 'monthly');
    const afterSwitch = await order(38_500);
    await runMonthly('2026-10');
    const [monthly] = await monthlyInvoicesOf(switched.companyId);
    expect(monthly).toMatchObject({ month: '2026-10', total: 38_500 });
    expect(monthly!.items.map((i) => i.orderSeq)).toEqual([afterSwitch]);
  });

  it('a company that switched from 월합계 to per-order in the month: its orders shipped before the switch are on the 월합계', async () => {
    const back = await makeCompany(server, '한울');
    await setInvoiceMode(back.companyId, 'monthly');
    const order = (totalAmount: number, shippedAt: Date) => orderShippedAt(back, totalAmount, shippedAt);
    // Shipped while it took 월합계: no invoice of their own.
    const whileMonthly1 = await order(27_500, new Date('2026-07-03T02:00:00Z'));
    const whileMonthly2 = await order(13_200, new Date('2026-07-09T02:00:00Z'));
    await setInvoiceMode(back.companyId, 'order');
    // Shipped after the switch: its own invoice, written at shipping.
    const afterSwitch = await order(9_900, new Date('2026-07-20T02:00:00Z'));
    await writeOrderInvoice(back.companyId, afterSwitch, 'sent', '20260720');
    await runMonthly('2026-07');
    const rows = await monthlyInvoicesOf(back.companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ month: '2026-07', writeDate: '20260731', total: 40_700 });
    expect(rows[0]!.items.map((i) => i.orderSeq)).toEqual([whileMonthly1, whileMonthly2]);
  });

  it('a parked 월합계 that staff cancel no longer shows the reason it was parked', async () => {
    const parked = await makeCompany(server, '보람');
    // 월합계 without 업태, 종목 or e-mail: its invoice is parked.
    await server.db.update(companies).set({ invoiceMode: 'monthly' }).where(eq(companies.id, parked.companyId));
    await orderShippedAt(parked, 22_000, new Date('2026-05-12T02:00:00Z'));
    await runMonthly('2026-05');
    const invoice = (await until(
      async () => (await monthlyInvoicesOf(parked.companyId))[0],
      (r) => r?.status === 'failed',
    ))!;
    expect([invoice.status, invoice.error]).toEqual([
      'failed',
      MSG_PAPERWORK.invoiceFieldsMissing('업태, 종목, 세금계산서 이메일'),
    ]);
    const cancelled = await call(server, 'adminCancelTaxInvoice', { seq: invoice.id }, { token: staff });
    expect([cancelled.body.code, cancelled.body.results!.status, cancelled.body.results!.error]).toEqual([
      201,
      'cancelled',
      '',
    ]);
    const list = await call(
      server,
      'adminTaxInvoiceList',
      { companyId: parked.companyId, page: 1, size: 50 },
      { token: staff },
    );
    expect(list.body.results!.map((r) => [r.statusLabel, r.error])).toEqual([['취소', '']]);
  });
});
