import { describe, expect, it } from 'vitest';
import {
  adminTaxInvoiceListRequest,
  cashLedgerExportRequest,
  cashLedgerRequest,
  companyInvoiceInfoRequest,
  monthlyStatementRequest,
} from './paperwork';
import { updateCompanyInfoRequest } from './member-info';
import { statementListRequest } from './credit';
import { adminStatementListRequest, closeMonthRequest } from './credit-close';

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

describe("a company's invoice fields: the back office's form and the company's own by one set of rules", () => {
  const company = {
    license: '2148605122',
    name: '부품상사',
    ceo: '김대표',
    phone: '0212345678',
    postMain: '06236',
    addrMain: '서울 강남구 테헤란로 1',
  };
  const forms = [
    ['companyInvoiceInfoRequest', (v: object) => companyInvoiceInfoRequest.safeParse({ companyId: 7, ...v })],
    ['updateCompanyInfoRequest', (v: object) => updateCompanyInfoRequest.safeParse({ ...company, ...v })],
  ] as const;

  it.each(forms)('%s: 업태 and 종목 of plain text within 40, a mail or blank, a known mode', (_, parse) => {
    expect(
      issue(parse({ bizType: '도매', bizItem: '자동차부품', invoiceMail: '', invoiceMode: 'monthly' })),
    ).toBeNull();
    expect(issue(parse({ bizType: 'ㄱ'.repeat(40) }))).toBeNull();
    expect(issue(parse({ bizType: 'ㄱ'.repeat(41) }))).toEqual(['bizType', '업태는 40자 이내로 입력하세요.']);
    expect(issue(parse({ bizItem: '부품\u0000' }))).toEqual(['bizItem', '입력할 수 없는 문자가 포함되어 있습니다.']);
    expect(issue(parse({ invoiceMail: 'tax@parts.kr' }))).toBeNull();
    expect(issue(parse({ invoiceMail: 'tax@' }))?.[0]).toBe('invoiceMail');
    expect(issue(parse({ invoiceMode: 'weekly' }))?.[0]).toBe('invoiceMode');
  });
});

describe('the statements lists', () => {
  it("a buyer's statements take both dates or neither, in order", () => {
    const list = (v: object) => issue(statementListRequest.safeParse(v));
    expect(list({})).toBeNull();
    expect(list({ startDate: '2026-11-01', endDate: '2026-12-31' })).toBeNull();
    expect(list({ startDate: '2026-12-01' })).toEqual(['endDate', '날짜구간을 지정하세요.']);
    expect(list({ endDate: '2026-12-01' })).toEqual(['startDate', '날짜구간을 지정하세요.']);
    expect(list({ startDate: '2026-12-02', endDate: '2026-12-01' })).toEqual([
      'startDate',
      '시작일이 종료일보다 늦습니다.',
    ]);
  });
  it("the back office's month filter says it is a month to look up, the close that it is one to close", () => {
    expect(issue(adminStatementListRequest.safeParse({ month: '2026-13' }))).toEqual([
      'month',
      '조회할 달을 YYYY-MM 형식으로 입력하세요.',
    ]);
    expect(issue(adminStatementListRequest.safeParse({ month: '2026-11' }))).toBeNull();
    expect(issue(closeMonthRequest.safeParse({ month: '2026-13' }))).toEqual([
      'month',
      '마감할 달을 YYYY-MM 형식으로 입력하세요.',
    ]);
  });
});
