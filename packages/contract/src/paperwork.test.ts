import { describe, expect, it } from 'vitest';
import {
  adminTaxInvoiceListRequest,
  cashLedgerExportRequest,
  cashLedgerRequest,
  monthlyStatementRequest,
} from './paperwork';

const issue = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? null : [r.error!.issues[0]!.path.join('.'), r.error!.issues[0]!.message];

describe('paperwork periods: one set of checks for every call', () => {
  const optional = [
    ['cashLedgerRequest', (v: object) => cashLedgerRequest.safeParse(v)],
    ['cashLedgerExportRequest', (v: object) => cashLedgerExportRequest.safeParse({ format: 'csv', ...v })],
    ['adminTaxInvoiceListRequest', (v: object) => adminTaxInvoiceListRequest.safeParse(v)],
  ] as const;

  it.each(optional)('%s: both dates or neither, real days, in order, at most a year', (_, parse) => {
    expect(issue(parse({}))).toBeNull();
    expect(issue(parse({ startDate: '2025-11-01', endDate: '2026-11-01' }))).toBeNull();
    expect(issue(parse({ startDate: '2025-11-01', endDate: '2026-11-02' }))).toEqual([
      'endDate',
      '조회 기간은 1년 이내로 지정하세요.',
    ]);
    expect(issue(parse({ startDate: '2026-11-30', endDate: '2026-11-01' }))?.[0]).toBe('startDate');
    expect(issue(parse({ startDate: '2026-11-01' }))?.[0]).toBe('endDate');
    expect(issue(parse({ startDate: '2026-02-30', endDate: '2026-03-01' }))?.[0]).toBe('startDate');
  });

  it('monthlyStatementRequest needs a period, named startDate/endDate or from/to', () => {
    expect(issue(monthlyStatementRequest.safeParse({}))).toEqual(['startDate', '시작일과 종료일을 모두 지정하세요.']);
    expect(issue(monthlyStatementRequest.safeParse({ from: '2026-10-01', to: '2026-10-31' }))).toBeNull();
    expect(issue(monthlyStatementRequest.safeParse({ from: '2024-10-01', to: '2026-10-31' }))).toEqual([
      'endDate',
      '조회 기간은 1년 이내로 지정하세요.',
    ]);
  });

  it('keeps each list its page size and caps a large one', () => {
    expect(cashLedgerRequest.parse({})).toEqual({ page: 1, size: 15 });
    expect(adminTaxInvoiceListRequest.parse({})).toEqual({ page: 1, size: 30 });
    expect(adminTaxInvoiceListRequest.parse({ size: 100_000 }).size).toBe(100);
  });
});
