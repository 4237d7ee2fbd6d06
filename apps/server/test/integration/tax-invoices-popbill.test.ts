import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_PAPERWORK, orderMgtKey } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { taxInvoices } from '../../src/db/schema.js';
import { enqueue } from '../../src/features/jobs/index.js';
import { call, until, type TestServer } from '../helpers.js';
import { startPopbillServer, type PopbillServer, type PopbillStandIn } from '../popbill-server.js';

/**
 * The shop on Popbill (TAXINVOICE_PROVIDER=popbill) against the stand-in written from Popbill's SDK
 * (docs/requirements.md#tax-invoices): an issued invoice is read back until the 국세청 has it, a
 * refusal of the 국세청 (305) is shown to staff, and a 실패 row that Popbill issued is not cancelled.
 */
let shop: PopbillServer;
let server: TestServer;
let popbill: PopbillStandIn;
let staff: string;

beforeAll(async () => {
  shop = await startPopbillServer();
  ({ server, popbill, staff } = shop);
});
afterAll(async () => {
  await shop?.close();
});

async function shippedAndIssued(totalAmount: number) {
  const orderId = await shop.ordered(totalAmount);
  await shop.ship(orderId);
  return shop.issued(orderId);
}

async function poll() {
  await enqueue(server.db, 'taxInvoice.poll', { hour: '2026-11-29T13' }, { key: `test:${randomUUID()}` });
  server.app.jobs.wake('taxInvoice.poll');
}

describe('Popbill after issuing', () => {
  it('an issued invoice stays 발행 until the 국세청 has it, then reads 국세청 전송; a 305 is shown to staff', async () => {
    const sent = await shippedAndIssued(11_000);
    const refused = await shippedAndIssued(22_000);
    expect(popbill.docs.get(shop.keyOf(sent.mgtKey))!.stateCode).toBe(300);
    popbill.transmit(shop.keyOf(sent.mgtKey));
    popbill.transmit(shop.keyOf(refused.mgtKey), 'ERR002');
    await poll();
    await until('read back', async () => (await shop.invoiceOf(refused.orderId!))?.status === 'failed');
    expect(await shop.invoiceOf(sent.orderId!)).toMatchObject({ status: 'sent', error: '' });
    expect(await shop.invoiceOf(refused.orderId!)).toMatchObject({
      status: 'failed',
      error: '국세청 전송 실패 (ERR002)',
    });
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
    expect((await shop.invoiceOf(row.orderId!))!.status).toBe('failed');
    const before = popbill.calls.registIssue;
    expect((await call(server, 'adminRetryTaxInvoice', { seq: row.id }, { token: staff })).body.code).toBe(201);
    await until('recorded', async () => (await shop.invoiceOf(row.orderId!))?.status === 'issued');
    expect(popbill.calls.registIssue).toBe(before);
    expect(orderMgtKey(row.orderId!)).toBe(row.mgtKey);
  });

  it('a 발행 대기 row whose try died after Popbill issued it (drafted, no answer written) is not cancelled', async () => {
    const row = await shippedAndIssued(38_000);
    // The process died between Popbill's answer and writing it: the row is still pending, drafted.
    await server.db.update(taxInvoices).set({ status: 'pending' }).where(eq(taxInvoices.id, row.id));
    expect((await shop.invoiceOf(row.orderId!))!.draftedAt).not.toBeNull();
    const cancel = await call(server, 'adminCancelTaxInvoice', { seq: row.id }, { token: staff });
    expect([cancel.status, cancel.body.message]).toEqual([409, MSG_PAPERWORK.invoiceIssuedAtProvider]);
    expect((await shop.invoiceOf(row.orderId!))!.status).toBe('pending');
    // Never drafted (no try has sent it): cancelled without asking Popbill.
    const lookups = () => popbill.calls.getInfo + popbill.calls.getInfos;
    const asked = lookups();
    await server.db.update(taxInvoices).set({ status: 'pending', draftedAt: null }).where(eq(taxInvoices.id, row.id));
    popbill.docs.delete(shop.keyOf(row.mgtKey));
    const fresh = await call(server, 'adminCancelTaxInvoice', { seq: row.id }, { token: staff });
    expect(fresh.body.code).toBe(201);
    expect(lookups()).toBe(asked);
  });

  it('a document Popbill refuses is 실패 with its reason, and its job ends instead of sending it again', async () => {
    const orderId = await shop.ordered(55_000);
    // Popbill holds the order's key as a document cancelled there (발행취소, 600): it will not issue it again.
    const key = shop.keyOf(orderMgtKey(orderId));
    popbill.docs.set(key, {
      itemKey: 'cancelled-there',
      invoicerMgtKey: key,
      stateCode: 600,
      writeDate: '20261101',
      supplyCostTotal: '50000',
      taxTotal: '5000',
      invoiceeCorpNum: shop.company.license,
      ntsconfirmNum: '',
      ntssendErrCode: '',
      sent: {},
      userId: undefined,
    });
    await shop.ship(orderId);
    const row = (await until('refused', async () => {
      const found = await shop.invoiceOf(orderId);
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
    popbill.docs.delete(shop.keyOf(row.mgtKey));
    await server.db.update(taxInvoices).set({ status: 'failed' }).where(eq(taxInvoices.id, row.id));
    const cancel = await call(server, 'adminCancelTaxInvoice', { seq: row.id }, { token: staff });
    expect(cancel.body.code).toBe(201);
    expect((await shop.invoiceOf(row.orderId!))!.status).toBe('cancelled');
  });
});
