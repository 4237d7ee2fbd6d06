import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_PAPERWORK, orderMgtKey } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { companies, taxInvoices } from '../../src/db/schema.js';
import { enqueue } from '../../src/features/jobs/index.js';
import { call, loginAs, startTestServer, until, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';
import { popbillStandIn } from '../stand-ins.js';

/**
 * The shop on Popbill (TAXINVOICE_PROVIDER=popbill) against the stand-in written from Popbill's SDK
 * (docs/requirements.md#tax-invoices): an issued invoice is read back until the 국세청 has it, a
 * refusal of the 국세청 (305) is shown to staff, and a 실패 row that Popbill issued is not cancelled.
 */
const SECRET = Buffer.from('popbill-integration-secret').toString('base64');
let standIn: Awaited<ReturnType<typeof popbillStandIn>>;
let server: TestServer;
let staff: string;
let company: TestCompany;
let productId: number;

beforeAll(async () => {
  standIn = await popbillStandIn('PARTSMALL', SECRET);
  server = await startTestServer({
    env: {
      TAXINVOICE_PROVIDER: 'popbill',
      POPBILL_LINK_ID: 'PARTSMALL',
      POPBILL_SECRET_KEY: SECRET,
      POPBILL_CORP_NUM: '214-88-12345',
      POPBILL_MGTKEY_PREFIX: `T${randomUUID().slice(0, 2)}`,
      POPBILL_AUTH_URL: standIn.url,
      POPBILL_API_URL: standIn.url,
      POPBILL_TIMEOUT_MS: '2000',
      JOBS_POLL_SECONDS: '0.5',
    },
  });
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  company = await makeCompany(server, '팝빌');
  await server.db
    .update(companies)
    .set({
      ceo: '김팝빌',
      addrMain: '서울 중구',
      bizType: '서비스',
      bizItem: '정비',
      invoiceMail: 'tax@popbill.kr',
      invoiceMode: 'order',
    })
    .where(eq(companies.id, company.companyId));
  productId = (await makeProduct(server, { tiers: [11_000, 0, 0, 0], salePrice: 11_000 })).id;
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

const prefix = () => server.ctx!.config.popbill!.mgtKeyPrefix;
const invoiceOf = async (orderId: number) =>
  (
    await server.db
      .select()
      .from(taxInvoices)
      .where(sql`${taxInvoices.kind} = 'order' and ${taxInvoices.orderId} = ${orderId}`)
  )[0];

const ordered = (totalAmount: number) =>
  insertOrder(server, {
    companyId: company.companyId,
    memberId: company.main.seq,
    status: 0,
    productId,
    totalAmount,
    shipping: 0,
  });

/** Staff ship the order (준비 → 배송): its invoice is then issued by a job. */
async function ship(orderId: number) {
  for (const step of [
    { seq: orderId, status: 1 },
    { seq: orderId, status: 2, carrier: 'CJ대한통운', waybill: String(600_000_000_000 + orderId) },
  ])
    expect((await call(server, 'adminSetOrderStatus', step, { token: staff })).body.code).toBe(201);
}

async function shippedAndIssued(totalAmount: number) {
  const orderId = await ordered(totalAmount);
  await ship(orderId);
  const issued = await until('issued at Popbill', async () => {
    const row = await invoiceOf(orderId);
    return row?.status === 'issued' ? row : undefined;
  });
  return issued!;
}

async function poll() {
  await enqueue(server.db, 'taxInvoice.poll', { hour: '2026-11-29T13' }, { key: `test:${randomUUID()}` });
  server.app.jobs.wake('taxInvoice.poll');
}

describe('Popbill after issuing', () => {
  it('an issued invoice stays 발행 until the 국세청 has it, then reads 국세청 전송; a 305 is shown to staff', async () => {
    const sent = await shippedAndIssued(11_000);
    const refused = await shippedAndIssued(22_000);
    expect(standIn.docs.get(`${prefix()}${sent.mgtKey}`)!.stateCode).toBe(300);
    standIn.transmit(`${prefix()}${sent.mgtKey}`);
    standIn.transmit(`${prefix()}${refused.mgtKey}`, 'ERR002');
    await poll();
    await until('read back', async () => (await invoiceOf(refused.orderId!))?.status === 'failed');
    expect(await invoiceOf(sent.orderId!)).toMatchObject({ status: 'sent', error: '' });
    expect(await invoiceOf(refused.orderId!)).toMatchObject({ status: 'failed', error: '국세청 전송 실패 (ERR002)' });
  });

  it('a 실패 row that Popbill issued (its answer lost) is not cancelled; a retry records it issued', async () => {
    const row = await shippedAndIssued(33_000);
    // The issuing call timed out after Popbill issued it: the row says 실패.
    await server.db
      .update(taxInvoices)
      .set({ status: 'failed', error: '팝빌 응답 없음' })
      .where(eq(taxInvoices.id, row.id));
    const cancel = await call(server, 'adminCancelTaxInvoice', { seq: row.id }, { token: staff });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(MSG_PAPERWORK.invoiceIssuedAtProvider);
    expect((await invoiceOf(row.orderId!))!.status).toBe('failed');
    const before = standIn.calls.registIssue;
    expect((await call(server, 'adminRetryTaxInvoice', { seq: row.id }, { token: staff })).body.code).toBe(201);
    await until('recorded', async () => (await invoiceOf(row.orderId!))?.status === 'issued');
    expect(standIn.calls.registIssue).toBe(before);
    expect(orderMgtKey(row.orderId!)).toBe(row.mgtKey);
  });

  it('a 발행 대기 row whose try died after Popbill issued it (drafted, no answer written) is not cancelled', async () => {
    const row = await shippedAndIssued(38_000);
    // The process died between Popbill's answer and writing it: the row is still pending, drafted.
    await server.db.update(taxInvoices).set({ status: 'pending' }).where(eq(taxInvoices.id, row.id));
    expect((await invoiceOf(row.orderId!))!.draftedAt).not.toBeNull();
    const cancel = await call(server, 'adminCancelTaxInvoice', { seq: row.id }, { token: staff });
    expect([cancel.status, cancel.body.message]).toEqual([409, MSG_PAPERWORK.invoiceIssuedAtProvider]);
    expect((await invoiceOf(row.orderId!))!.status).toBe('pending');
    // Never drafted (no try has sent it): cancelled without asking Popbill.
    const lookups = () => standIn.calls.getInfo + standIn.calls.getInfos;
    const asked = lookups();
    await server.db.update(taxInvoices).set({ status: 'pending', draftedAt: null }).where(eq(taxInvoices.id, row.id));
    standIn.docs.delete(`${prefix()}${row.mgtKey}`);
    const fresh = await call(server, 'adminCancelTaxInvoice', { seq: row.id }, { token: staff });
    expect(fresh.body.code).toBe(201);
    expect(lookups()).toBe(asked);
  });

  it('a document Popbill refuses is 실패 with its reason, and its job ends instead of sending it again', async () => {
    const orderId = await ordered(55_000);
    // Popbill holds the order's key as a document cancelled there (발행취소, 600): it will not issue it again.
    const key = `${prefix()}${orderMgtKey(orderId)}`;
    standIn.docs.set(key, {
      itemKey: 'cancelled-there',
      invoicerMgtKey: key,
      stateCode: 600,
      writeDate: '20261101',
      supplyCostTotal: '50000',
      taxTotal: '5000',
      invoiceeCorpNum: company.license,
      ntsconfirmNum: '',
      ntssendErrCode: '',
      sent: {},
      userId: undefined,
    });
    await ship(orderId);
    const row = (await until('refused', async () => {
      const found = await invoiceOf(orderId);
      return found?.status === 'failed' ? found : undefined;
    }))!;
    expect(row.error).toBe(`팝빌에서 발행취소된 문서번호입니다 (${key}).`);
    const jobs = await until('the job ended', async () => {
      const states = await queryRows<{ state: string }>(
        server.db,
        sql`select state::text as state from pgboss.job where name = 'taxInvoice.issue' and data->>'invoiceId' = ${String(row.id)}`,
      );
      return states.every((r) => r.state !== 'active') ? states.map((r) => r.state) : undefined;
    });
    expect(jobs).toEqual(['completed']);
  });

  it('a 실패 row Popbill does not hold is cancelled', async () => {
    const row = await shippedAndIssued(44_000);
    standIn.docs.delete(`${prefix()}${row.mgtKey}`);
    await server.db.update(taxInvoices).set({ status: 'failed' }).where(eq(taxInvoices.id, row.id));
    const cancel = await call(server, 'adminCancelTaxInvoice', { seq: row.id }, { token: staff });
    expect(cancel.body.code).toBe(201);
    expect((await invoiceOf(row.orderId!))!.status).toBe('cancelled');
  });
});
