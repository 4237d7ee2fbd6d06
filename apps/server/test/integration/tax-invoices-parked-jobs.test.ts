import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_JOBS, MSG_PAPERWORK, type JobRow, type JobState } from '@partsmall/contract';
import { companies, taxInvoices } from '../../src/db/schema.js';
import { runHandler } from '../../src/features/jobs/index.js';
import { consoleTaxInvoices } from '../../src/features/tax-invoices/provider.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { giveInvoiceFields, makeCompany } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';

/**
 * An issuing job parked for a cause staff then mend (docs/operations.md#jobs): once the invoice is
 * given a new job (다시 발행), issued by another job, or cancelled, the parked one is no longer
 * listed on 발송 작업 as a failure waiting for 다시 시도.
 */
let server: TestServer;
let staff: string;
let productId: number;

beforeAll(async () => {
  server = await startTestServer({
    env: { JOBS_INVOICE_RETRY_LIMIT: '0', JOBS_POLL_SECONDS: '0.5' },
  });
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  productId = (await makeProduct(server, { tiers: [11_000, 0, 0, 0], salePrice: 11_000 })).id;
});
afterAll(async () => {
  await server?.close();
});

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const invoiceOf = async (orderId: number) =>
  (
    await server.db
      .select()
      .from(taxInvoices)
      .where(and(eq(taxInvoices.orderId, orderId), eq(taxInvoices.kind, 'order')))
  )[0];

/** The issuing jobs of the back office's list (`state` as staff filter it; none: those not done yet). */
async function issueJobs(state?: JobState): Promise<JobRow[]> {
  const list = await call(
    server,
    'adminJobList',
    { name: 'taxInvoice.issue', size: 100, ...(state ? { state } : {}) },
    { token: staff },
  );
  expect(list.status).toBe(200);
  return list.body.results as unknown as JobRow[];
}

/** A company without its invoice e-mail, an order of it shipped: its invoice failed, its job parked. */
async function parkedInvoice() {
  const company = await makeCompany(server, '보류', 0);
  await giveInvoiceFields(server, company.companyId);
  await server.db.update(companies).set({ invoiceMail: '' }).where(eq(companies.id, company.companyId));
  const orderId = await insertOrder(server, {
    companyId: company.companyId,
    memberId: company.main.seq,
    status: 0,
    productId,
    totalAmount: 11_000,
    shipping: 0,
  });
  expect((await call(server, 'adminSetOrderStatus', { seq: orderId, status: 1 }, { token: staff })).status).toBe(200);
  const shipped = await call(
    server,
    'adminSetOrderStatus',
    { seq: orderId, status: 2, carrier: 'CJ대한통운', waybill: String(700_000_000_000 + orderId) },
    { token: staff },
  );
  expect(shipped.body.code, shipped.body.message).toBe(201);
  const invoice = await until(
    'the invoice failed',
    () => invoiceOf(orderId),
    (r) => r?.status === 'failed',
  );
  const parked = await until(
    'its job parked',
    async () => (await issueJobs('parked')).find((j) => j.key === invoice!.mgtKey),
    (j) => j !== undefined,
  );
  expect(parked!.error).toBe(MSG_PAPERWORK.invoiceFieldsMissing('세금계산서 이메일'));
  // 발송 작업 names the invoice's company (its data holds only the invoice's number).
  expect([parked!.data, parked!.companyName]).toEqual([{ invoiceId: invoice!.id }, '보류상사']);
  await server.db.update(companies).set({ invoiceMail: 'tax@bory.kr' }).where(eq(companies.id, company.companyId));
  return { orderId, invoice: invoice!, parked: parked! };
}

describe('an issuing job parked, the invoice then issued', () => {
  it('다시 발행: the invoice is issued by the new job, and the parked one is no longer listed as a failure', async () => {
    const { orderId, invoice, parked } = await parkedInvoice();
    const retried = await call(server, 'adminRetryTaxInvoice', { seq: invoice.id }, { token: staff });
    expect(retried.body.code, retried.body.message).toBe(201);
    await until(
      'issued',
      () => invoiceOf(orderId),
      (r) => r?.status === 'sent',
    );
    // The new job (its key names the retry) done, nothing of the invoice is left among the jobs not done.
    await until(
      'the new job done',
      async () => (await issueJobs()).some((j) => j.key === `${invoice.mgtKey}:retry:1`),
      (running) => !running,
    );
    expect((await issueJobs()).filter((j) => j.key.startsWith(invoice.mgtKey))).toEqual([]);
    expect((await issueJobs('parked')).filter((j) => j.key.startsWith(invoice.mgtKey))).toEqual([]);
    // Kept, as settled: said why, and 다시 시도 refused (nothing is left for it to do).
    const settled = (await issueJobs('cancelled')).find((j) => j.id === parked.id);
    expect(settled).toMatchObject({ key: invoice.mgtKey, error: MSG_PAPERWORK.invoiceJobSuperseded });
    const again = await call(server, 'adminRetryJob', { name: 'taxInvoice.issue', id: parked.id }, { token: staff });
    expect([again.status, again.body.message]).toEqual([409, MSG_JOBS.notParked]);
  });

  it('issued by another job (a try of its own key or another): the parked one is settled when it is issued', async () => {
    const { orderId, invoice, parked } = await parkedInvoice();
    const job = {
      id: randomBytes(4).toString('hex'),
      data: { invoiceId: invoice.id },
      singletonKey: 'x',
      retryCount: 0,
    };
    await runHandler('taxInvoice.issue', job, {
      db: server.db,
      sms: server.ctx!.sms,
      log: server.app.log,
      taxInvoices: consoleTaxInvoices(server.db, server.app.log),
    });
    expect((await invoiceOf(orderId))!.status).toBe('sent');
    expect((await issueJobs()).filter((j) => j.key === invoice.mgtKey)).toEqual([]);
    expect((await issueJobs('cancelled')).find((j) => j.id === parked.id)!.error).toBe(MSG_PAPERWORK.invoiceJobIssued);
  });

  it('cancelled by staff: the parked job has nothing left to do and is settled too', async () => {
    const { invoice, parked } = await parkedInvoice();
    const cancelled = await call(server, 'adminCancelTaxInvoice', { seq: invoice.id }, { token: staff });
    expect(cancelled.body.code, cancelled.body.message).toBe(201);
    expect((await issueJobs()).filter((j) => j.key === invoice.mgtKey)).toEqual([]);
    expect((await issueJobs('cancelled')).find((j) => j.id === parked.id)!.error).toBe(
      MSG_PAPERWORK.invoiceJobCancelled,
    );
  });
});
