import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { startPopbillServer, type PopbillServer } from '../popbill-server.js';

/**
 * A token Popbill refuses on the issuing call (HTTP 401) is not a refusal of the document
 * (docs/operations.md#tax-invoices-console-and-popbill): the adapter asks for a new token at once,
 * and when that one is refused too the issuing job tries again later and issues the invoice once.
 */
let shop: PopbillServer;

beforeAll(async () => {
  // The job's retry comes after a second, not a minute.
  shop = await startPopbillServer({ JOBS_INVOICE_RETRY_DELAY_SECONDS: '1' });
});
afterAll(async () => {
  await shop?.close();
});

describe('a token Popbill refuses on the issuing call', () => {
  it('is retried by the job, not ended as 실패: the invoice is issued once', async () => {
    const { popbill, server } = shop;
    const orderId = await shop.ordered(66_000);
    // The new token asked at once is refused too: the first try fails, the job's next try issues.
    popbill.refuseIssueTokens(2);
    const tokensBefore = popbill.calls.token;
    await shop.ship(orderId);
    const row = await shop.issued(orderId);
    expect(row.error).toBe('');
    const key = shop.keyOf(row.mgtKey);
    expect(row.ntsConfirmNum).toBe(popbill.docs.get(key)!.ntsconfirmNum);
    expect([...popbill.docs.keys()].filter((k) => k === key)).toHaveLength(1);
    // A token at the first call, a new one at once after the refusal, and one more for the retry.
    expect(popbill.calls.token - tokensBefore).toBe(3);
    const jobs = await queryRows<{ state: string; retry_count: number }>(
      server.db,
      sql`select state::text as state, retry_count from pgboss.job where name = 'taxInvoice.issue' and data->>'invoiceId' = ${String(row.id)}`,
    );
    expect(jobs).toEqual([{ state: expect.stringMatching(/^(active|completed)$/), retry_count: 1 }]);
  });
});
