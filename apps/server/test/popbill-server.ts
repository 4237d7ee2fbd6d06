import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { companies, taxInvoices } from '../src/db/schema.js';
import { call, loginAs, startTestServer, until, type TestServer } from './helpers.js';
import { makeCompany, type TestCompany } from './member-helpers.js';
import { insertOrder, makeProduct } from './order-helpers.js';
import { popbillStandIn } from './stand-ins.js';

export type PopbillStandIn = Awaited<ReturnType<typeof popbillStandIn>>;
type InvoiceRow = typeof taxInvoices.$inferSelect;

/** A shop issuing its tax invoices on Popbill, and what its tests need to make one. */
export interface PopbillServer {
  popbill: PopbillStandIn;
  server: TestServer;
  /** A staff session's token. */
  staff: string;
  /** A company that takes one invoice per order, with every field an invoice needs. */
  company: TestCompany;
  /** The key Popbill holds a document under: this installation's prefix, then the row's mgtKey. */
  keyOf(mgtKey: string): string;
  /** The order's invoice row, if there is one yet. */
  invoiceOf(orderId: number): Promise<InvoiceRow | undefined>;
  /** An order (준비 전) of the company's main account for `totalAmount` won, no shipping. */
  ordered(totalAmount: number): Promise<number>;
  /** Staff ship the order (준비 → 배송): its invoice is then issued by a job. */
  ship(orderId: number): Promise<void>;
  /** The order's invoice row once the job has issued it at Popbill. */
  issued(orderId: number): Promise<InvoiceRow>;
  close(): Promise<void>;
}

/**
 * A test server on Popbill (TAXINVOICE_PROVIDER=popbill) against a Popbill stand-in of its own, the
 * jobs polled every half second, with staff logged in and a company whose orders get invoices
 * (docs/requirements.md#tax-invoices); `env` adds or overrides settings (the job's retry delay).
 */
export async function startPopbillServer(env: Record<string, string> = {}): Promise<PopbillServer> {
  const secret = Buffer.from('popbill-integration-secret').toString('base64');
  const popbill = await popbillStandIn('PARTSMALL', secret);
  const server = await startTestServer({
    env: {
      TAXINVOICE_PROVIDER: 'popbill',
      POPBILL_LINK_ID: 'PARTSMALL',
      POPBILL_SECRET_KEY: secret,
      POPBILL_CORP_NUM: '214-88-12345',
      POPBILL_MGTKEY_PREFIX: `T${randomUUID().slice(0, 2)}`,
      POPBILL_AUTH_URL: popbill.url,
      POPBILL_API_URL: popbill.url,
      POPBILL_TIMEOUT_MS: '2000',
      JOBS_POLL_SECONDS: '0.5',
      ...env,
    },
  });
  const staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  const company = await makeCompany(server, '팝빌');
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
  const productId = (await makeProduct(server, { tiers: [11_000, 0, 0, 0], salePrice: 11_000 })).id;

  const invoiceOf = async (orderId: number) =>
    (
      await server.db
        .select()
        .from(taxInvoices)
        .where(sql`${taxInvoices.kind} = 'order' and ${taxInvoices.orderId} = ${orderId}`)
    )[0];
  return {
    popbill,
    server,
    staff,
    company,
    keyOf: (mgtKey) => `${server.ctx!.config.popbill!.mgtKeyPrefix}${mgtKey}`,
    invoiceOf,
    ordered: (totalAmount) =>
      insertOrder(server, {
        companyId: company.companyId,
        memberId: company.main.seq,
        status: 0,
        productId,
        totalAmount,
        shipping: 0,
      }),
    async ship(orderId) {
      for (const step of [
        { seq: orderId, status: 1 },
        { seq: orderId, status: 2, carrier: 'CJ대한통운', waybill: String(600_000_000_000 + orderId) },
      ])
        expect((await call(server, 'adminSetOrderStatus', step, { token: staff })).body.code).toBe(201);
    },
    async issued(orderId) {
      const row = await until('issued at Popbill', async () => {
        const found = await invoiceOf(orderId);
        return found?.status === 'issued' ? found : undefined;
      });
      return row!;
    },
    async close() {
      await server.close();
      await popbill.close();
    },
  };
}
