import { describe, expect, it } from 'vitest';
import type { JobRow } from '@partsmall/contract';
import { jobSummary, jobSupportTitle } from './job-summary';

const row = (name: string, data: unknown, companyName?: string): JobRow => ({
  id: '00000000-0000-4000-8000-000000000000',
  name,
  label: '',
  key: 'order:1:event:6',
  state: 'parked',
  data,
  tries: 6,
  maxTries: 6,
  error: null,
  created: '2026-11-22T01:00:00.000Z',
  startAfter: '2026-11-22T01:00:00.000Z',
  finished: null,
  ...(companyName ? { companyName } : {}),
});

/** 발송 작업 says what each job is about in Korean, never its data's JSON or English keys. */
describe('jobSummary', () => {
  it('a 알림톡: its company, its order and its event, in Korean', () => {
    const j = row(
      'notify.send',
      { event: 'returnOnHold', companyId: 1, values: { orderNo: '1', note: '확인 중' } },
      '가온상사',
    );
    expect(jobSummary(j)).toBe('가온상사 · 주문 #1 · 반품 보류 알림');
    expect(jobSummary(row('notify.send', { event: 'cashCredited', companyId: 1, values: { amount: 50_000 } }))).toBe(
      '캐시 충전 완료 알림',
    );
  });

  it('each kind of job by what it is about', () => {
    expect(jobSummary(row('taxInvoice.issue', { invoiceId: 4 }, '다솜상사'))).toBe('다솜상사 · 세금계산서 #4');
    expect(jobSummary(row('taxInvoice.monthly', { month: '2026-10' }))).toBe('2026년 10월 월합계');
    expect(jobSummary(row('taxInvoice.poll', { hour: '2026-11-22T09' }))).toBe('2026-11-22 9시');
    expect(
      jobSummary(row('sms.cashCredited', { paymentId: 77, companyId: 3, amount: 50_000, balanceAfter: 120_000 })),
    ).toBe('캐시 50,000원 충전');
    expect(jobSummary(row('sms.restock', { productId: 12, memberIds: [1, 2, 3] }))).toBe('상품 #12 · 3명');
    expect(jobSummary(row('tracking.register', { shipmentId: 5, round: 2 }))).toBe('배송 #5 · 2번째 갱신');
    expect(jobSummary(row('statement.account', { statementId: 9 }))).toBe('명세서 #9');
    expect(jobSummary(row('deposit.callback', { accountId: 3 }))).toBe('가상계좌 #3');
    expect(jobSummary(row('payment.withdrawalCancel', { companyId: 2, paymentIds: [4, 5] }, '나래상사'))).toBe(
      '나래상사 · 결제 2건',
    );
    expect(jobSummary(row('retention.sweep', { day: '2026-11-22' }))).toBe('2026-11-22');
    expect(jobSummary(row('credit.close', { month: '2026-10' }))).toBe('2026년 10월');
  });

  it('data it cannot read: the company alone, or nothing to say (never the JSON)', () => {
    expect(jobSummary(row('notify.send', { weird: true }, '가온상사'))).toBe('가온상사');
    expect(jobSummary(row('retired.kind', { a: 1 }))).toBe('-');
  });

  it('the key and the raw data stay for support, in the title', () => {
    expect(jobSummary(row('taxInvoice.issue', { invoiceId: 4 }))).not.toMatch(/invoiceId|[{}]/);
    expect(jobSupportTitle(row('taxInvoice.issue', { invoiceId: 4 }))).toBe('키: order:1:event:6\n{"invoiceId":4}');
  });
});
