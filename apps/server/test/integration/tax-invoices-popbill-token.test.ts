import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { companies, taxInvoices } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, until, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';
import { popbillStandIn } from '../stand-ins.js';

/**
 * A token Popbill refuses on the issuing call (HTTP 401) is not a refusal of the document
 * (docs/operations.md#tax-invoices-console-and-popbill): the adapter asks for a new token at once,
 * and when that one is refused too the issuing job tries again later and issues the invoice once.
 */
const SECRET = Buffer.from('popbill-token-integration-secret').toString('base64');
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
      POPBILL_MGTKEY_PREFIX: `K${randomUUID().slice(0, 2)}`,
      POPBILL_AUTH_URL: standIn.url,
      POPBILL_API_URL: standIn.url,
      POPBILL_TIMEOUT_MS: '2000',
      JOBS_POLL_SECONDS: '0.5',
      // The job's retry comes after a second, not a minute.
      JOBS_INVOICE_RETRY_DELAY_SECONDS: '1',
    },
  });
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  company = await makeCompany(server, '팝빌토큰');
  await server.db
    .update(companies)
    .set({
      ceo: '김토큰',
      addrMain: '서울 중구',
      bizType: '서비스',
      bizItem: '정비',
      invoiceMail: 'tax@token.kr',
      invoiceMode: 'order',
    })
    .where(eq(companies.id, company.companyId));
  productId = (await makeProduct(server, { tiers: [11_000, 0, 0, 0], salePrice: 11_000 })).id;
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

const invoiceOf = async (orderId: number) =>
  (
    await server.db
      .select()
      .from(taxInvoices)
      .where(sql`${taxInvoices.kind} = 'order' and ${taxInvoices.orderId} = ${orderId}`)
  )[0];

describe('a token Popbill refuses on the issuing call', () => {
  it('is retried by the job, not ended as 실패: the invoice is issued once', async () => {
    const orderId = await insertOrder(server, {
      companyId: company.companyId,
      memberId: company.main.seq,
      status: 0,
      productId,
      totalAmount: 66_000,
      shipping: 0,
    });
    // The new token asked at once is refused too: the first try fails, the job's next try issues.
    standIn.refuseIssueTokens(2);
    const tokensBefore = standIn.calls.token;
    for (const step of [
      { seq: orderId, status: 1 },
      { seq: orderId, status: 2, carrier: 'CJ대한통운', waybill: String(610_000_000_000 + orderId) },
    ])
      expect((await call(server, 'adminSetOrderStatus', step, { token: staff })).body.code).toBe(201);
    const row = (await until('issued at Popbill', async () => {
      const found = await invoiceOf(orderId);
      return found?.status === 'issued' ? found : undefined;
    }))!;
    expect(row.error).toBe('');
    const key = `${server.ctx!.config.popbill!.mgtKeyPrefix}${row.mgtKey}`;
    expect(row.ntsConfirmNum).toBe(standIn.docs.get(key)!.ntsconfirmNum);
    expect([...standIn.docs.keys()].filter((k) => k === key)).toHaveLength(1);
    // A token at the first call, a new one at once after the refusal, and one more for the retry.
    expect(standIn.calls.token - tokensBefore).toBe(3);
    const jobs = await queryRows<{ state: string; retry_count: number }>(
      server.db,
      sql`select state::text as state, retry_count from pgboss.job where name = 'taxInvoice.issue' and data->>'invoiceId' = ${String(row.id)}`,
    );
    expect(jobs).toEqual([{ state: expect.stringMatching(/^(active|completed)$/), retry_count: 1 }]);
  });
});
