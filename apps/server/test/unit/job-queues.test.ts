import { describe, expect, it } from 'vitest';
import { INVOICE_EXPIRE_SECONDS, jobSettings, queueOptions } from '../../src/features/jobs/config.js';

/** Each kind of job's queue settings (docs/architecture.md#jobs): tax invoices ride out a provider outage of hours. */
describe('queue settings', () => {
  it('a failing invoice job is retried 10 times over 17 to 34 hours (back-off from 60 s), each try allowed 240 s', () => {
    const invoice = queueOptions('taxInvoice.issue', jobSettings({}));
    expect(invoice).toEqual({ retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 240 });
    // pg-boss waits retryDelay × 2^n × (1 + random) before try n + 2.
    const shortest = Array.from({ length: invoice.retryLimit }, (_, n) => invoice.retryDelay * 2 ** n).reduce(
      (a, b) => a + b,
    );
    expect(shortest).toBe(61_380);
    expect(INVOICE_EXPIRE_SECONDS * 1000).toBeGreaterThan(180_000);
  });

  it('other jobs keep the common settings', () => {
    expect(queueOptions('notify.send', jobSettings({}))).toEqual({
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 120,
    });
    expect(
      queueOptions('taxInvoice.issue', jobSettings({ JOBS_INVOICE_RETRY_LIMIT: '2', JOBS_EXPIRE_SECONDS: '600' })),
    ).toMatchObject({ retryLimit: 2, expireInSeconds: 600 });
  });

  it('a failed try waits at least a second: a retry due at once could be taken before its batch is completed', () => {
    const delay = (value: string) =>
      queueOptions('notify.send', jobSettings({ JOBS_RETRY_DELAY_SECONDS: value })).retryDelay;
    expect([delay('0'), delay('1'), delay('2'), delay('')]).toEqual([1, 1, 2, 10]);
  });
});
