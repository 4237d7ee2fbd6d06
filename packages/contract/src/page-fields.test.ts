import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALLS } from './calls.js';
import { CALL_SCHEMAS } from './call-schemas.js';
import { noticeSeqRequest } from './admin-notices.js';
import { adminOrderListRequest } from './admin-orders.js';
import { adminNoticeListRequest } from './admin-notices.js';
import { companyIdRequest, companyListRequest } from './admin-companies.js';
import { setCreditAccountRequest } from './credit.js';
import { chatFileLinkRequest } from './chat-answers.js';
import { epcPartSearchRequest } from './epc-calls.js';
import { favoritesRequest } from './favorites.js';
import { orderStatementRequest } from './paperwork.js';
import { xrefListRequest, xrefSeqRequest } from './part-admin.js';
import { noticeRequest, productDetailRequest } from './products.js';
import { fromDigits } from './page-fields.js';
import { addressListRequest, cartListRequest } from './orders-requests.js';
import { memberListRequest } from './member-accounts.js';

/**
 * docs/requirements.md#validation: an id, a page number or a number a list filters by is a number or
 * a string of digits (a query string's), never a boolean, an array or null read as one. z.coerce
 * read `{"companyId": true}` as company 1.
 */

type Path = (string | number)[];
function numberPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'number') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => numberPaths(v, [...path, i]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => numberPaths(v, [...path, k]));
  return [];
}
const at = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], value);

/** The number fields of the calls' examples that a schema reads as a number when sent `true`. */
function readsTrue(): string[] {
  const found: string[] = [];
  for (const [id, s] of Object.entries(CALL_SCHEMAS) as [string, { body?: z.ZodType; query?: z.ZodType }][]) {
    const schema = s.body ?? s.query;
    if (!schema) continue;
    const example = CALLS[id as keyof typeof CALLS].example;
    for (const path of numberPaths(example)) {
      const sent: unknown = structuredClone(example);
      (at(sent, path.slice(0, -1)) as Record<string | number, unknown>)[path[path.length - 1]!] = true;
      const parsed = schema.safeParse(sent);
      if (parsed.success && typeof at(parsed.data, path) === 'number') found.push(`${id}.${path.join('.')}`);
    }
  }
  return found;
}

const said = (schema: z.ZodType, body: unknown) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('ids and page numbers (docs/requirements.md#validation)', () => {
  it('fromDigits takes a number or a string of digits and nothing else, with the schema message', () => {
    const id = fromDigits(z.number({ error: '번호' }).int('번호').min(1, '번호').max(2_147_483_647, '번호'));
    expect([3, '3', '03', '2147483647'].map((v) => id.parse(v))).toEqual([3, 3, 3, 2_147_483_647]);
    for (const v of [true, false, null, [], [3], {}, '', ' 3', '3.0', '1e3', '-3', '0x3', 1.5, 0, '2147483648'])
      expect([v, id.safeParse(v).error?.issues[0]?.message]).toEqual([v, '번호']);
  });

  it("no call's example number is read from true", () => {
    expect(readsTrue()).toEqual([]);
  });

  // Fields its example leaves out, each sent true, 3 and '3' (with the rest of a valid body).
  const FIELDS: [name: string, field: string, schema: z.ZodType, rest: Record<string, unknown>][] = [
    ['noticeSeqRequest', 'seq', noticeSeqRequest, {}],
    ['companyIdRequest', 'companyId', companyIdRequest, {}],
    ['companyListRequest', 'page', companyListRequest, {}],
    ['companyListRequest', 'size', companyListRequest, {}],
    ['adminOrderListRequest', 'status', adminOrderListRequest, {}],
    ['adminNoticeListRequest', 'type', adminNoticeListRequest, {}],
    ['chatFileLinkRequest', 'seq', chatFileLinkRequest, {}],
    ['orderStatementRequest', 'seq', orderStatementRequest, {}],
    ['favoritesRequest', 'page', favoritesRequest, {}],
    ['favoritesRequest', 'size', favoritesRequest, {}],
    ['xrefListRequest', 'size', xrefListRequest, {}],
    ['xrefSeqRequest', 'seq', xrefSeqRequest, {}],
    ['noticeRequest', 'type', noticeRequest, {}],
    ['noticeRequest', 'seq', noticeRequest, {}],
    ['productDetailRequest', 'seq', productDetailRequest, {}],
    [
      'setCreditAccountRequest',
      'companyId',
      setCreditAccountRequest,
      CALLS.adminSetCreditAccount.example as Record<string, unknown>,
    ],
  ];
  it.each(FIELDS)('%s.%s refuses true and takes 3 and "3"', (_name, field, schema, rest) => {
    const read = (v: unknown) => said(schema, { ...rest, [field]: v });
    expect(read(true)).toEqual([expect.stringMatching(new RegExp(`^${field}: [가-힣]`))]);
    expect((read(3) as Record<string, unknown>)[field]).toBe(3);
    expect((read('3') as Record<string, unknown>)[field]).toBe(3);
  });

  it("epcPartSearchRequest's page refuses true and takes 3 and '3'", () => {
    const search = (page: unknown) => said(epcPartSearchRequest, { objSearchMapper: { searchKeyword: 'A000', page } });
    expect(search(true)).toEqual(['objSearchMapper.page: 페이지 번호가 올바르지 않습니다.']);
    expect(
      [search(3), search('3')].map((r) => (r as { objSearchMapper: { page: number } }).objSearchMapper.page),
    ).toEqual([3, 3]);
  });
});

describe("a list's search keyword says its limit in Korean, and a non-text to be written as text (docs/requirements.md#validation)", () => {
  /** The list, its field, schema and limit, what more says, and what a non-text says. */
  const LISTS: [string, string, z.ZodType, number, string, string][] = [
    [
      'cartListRequest',
      'searchKeyword',
      cartListRequest,
      50,
      '검색어는 50자 이내로 입력하세요.',
      '검색어를 글자로 입력하세요.',
    ],
    [
      'addressListRequest',
      'searchKeyword',
      addressListRequest,
      50,
      '검색어는 50자 이내로 입력하세요.',
      '검색어를 글자로 입력하세요.',
    ],
    [
      'memberListRequest',
      'searchKeyword',
      memberListRequest,
      50,
      '검색어는 50자 이내로 입력하세요.',
      '검색어를 글자로 입력하세요.',
    ],
    [
      'xrefListRequest',
      'keyword',
      xrefListRequest,
      50,
      '검색어는 50자 이내로 입력하세요.',
      '검색어를 글자로 입력하세요.',
    ],
    [
      'companyListRequest',
      'keyword',
      companyListRequest,
      100,
      '검색어는 100자 이내로 입력하세요.',
      '검색어를 글자로 입력하세요.',
    ],
  ];
  it.each(LISTS)(
    '%s.%s takes up to its limit, trimmed, and refuses more or a non-text',
    (_n, field, schema, max, msg, typeMsg) => {
      const read = (v: unknown) => said(schema, { [field]: v });
      expect((read(` ${'가'.repeat(max)} `) as Record<string, unknown>)[field]).toBe('가'.repeat(max));
      expect(read('가'.repeat(max + 1))).toEqual([`${field}: ${msg}`]);
      expect(read(7)).toEqual([`${field}: ${typeMsg}`]);
    },
  );
});
