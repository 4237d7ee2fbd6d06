import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CALLS } from './calls.js';
import { CALL_SCHEMAS } from './call-schemas.js';
import { CHAT_SOCKET } from './socket-events.js';
import { favoritesRequest } from './favorites.js';
import { MSG } from './messages.js';

/**
 * docs/requirements.md#validation: a list's page number and page size, and a value chosen from a
 * fixed list (a search's 기준, a status filter, a yes-or-no), answer their own Korean message, never
 * the generic '요청 형식이 올바르지 않습니다.'.
 */

/** The generic message, as the server answers any refusal whose message has no Hangul (zod's own English). */
const isGeneric = (message: string) => message === MSG.badRequest || !/[가-힣]/.test(message);
type Schemas = Record<string, { body?: z.ZodType; query?: z.ZodType }>;

/** What the schema says about `field` when the call's example carries `value` there: its message, or 'taken'. */
function saysOf(schema: z.ZodType, example: unknown, field: string, value: unknown): string {
  const sent = { ...(example as Record<string, unknown>), [field]: value };
  const parsed = schema.safeParse(sent);
  if (parsed.success) return 'taken';
  return parsed.error.issues.find((i) => i.path.join('.') === field)?.message ?? 'taken';
}

/** Every call whose schema reads `field` and refuses one of `values` with the generic message. */
function genericRefusals(field: string, values: unknown[]): string[] {
  const found: string[] = [];
  for (const [id, s] of Object.entries(CALL_SCHEMAS as Schemas)) {
    const schema = s.body ?? s.query;
    if (!schema) continue;
    const example = CALLS[id as keyof typeof CALLS].example ?? {};
    if (typeof example !== 'object' || Array.isArray(example)) continue;
    for (const value of values) {
      const said = saysOf(schema, example, field, value);
      if (said !== 'taken' && isGeneric(said)) found.push(`${id}.${field}=${JSON.stringify(value)}`);
    }
  }
  return found;
}

describe("a list's page number and page size", () => {
  it('no call answers a bad page with the generic message', () => {
    expect(genericRefusals('page', [0, -1, 1.5, true, 'x', 100_001])).toEqual([]);
  });

  it('no call answers a bad page size with the generic message', () => {
    expect(genericRefusals('size', [0, -1, 1.5, true, 'x'])).toEqual([]);
  });

  it("the buyer's lists say which of the two is wrong", () => {
    const { body } = CALL_SCHEMAS.getMallOrderInfo;
    expect([saysOf(body, {}, 'page', 0), saysOf(body, {}, 'page', 100_001), saysOf(body, {}, 'size', 0)]).toEqual([
      '페이지 번호는 1 이상이어야 합니다.',
      '페이지 번호는 100,000 이하여야 합니다.',
      '페이지 크기는 1 이상이어야 합니다.',
    ]);
  });

  it("the chat's history over the socket says the same", () => {
    const history = (page: unknown, size: unknown) => {
      const parsed = CHAT_SOCKET.toServer.oldMessageRequest.payload.safeParse({ page, size });
      return parsed.success ? 'taken' : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect([history(-1, 20), history(1, 0)]).toEqual([
      ['page: 페이지 번호는 1 이상이어야 합니다.'],
      ['size: 페이지 크기는 1 이상이어야 합니다.'],
    ]);
    const admin = CHAT_SOCKET.toServer.oldMessageAdminRequest.payload.safeParse({ targetUser: 3, page: 0 });
    expect(admin.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'page: 페이지 번호는 1 이상이어야 합니다.',
    ]);
  });

  it("the favourites clamp a page size over 100 as the buyer's other lists do", () => {
    expect(favoritesRequest.parse({ page: 1, size: 1_000_000_000 })).toEqual({ page: 1, size: 100 });
    expect(favoritesRequest.parse({ page: '2', size: '30' })).toEqual({ page: 2, size: 30 });
  });
});

describe('a value outside its fixed list', () => {
  const CASES: [call: keyof typeof CALL_SCHEMAS, field: string, value: unknown, message: string][] = [
    ['getMallOrderInfo', 'searchType', 'name', '검색 기준(기간)을 다시 선택하세요.'],
    ['mallCashPaymentInfo', 'searchType', 'month', '검색 기준(기간)을 다시 선택하세요.'],
    ['mallLicensePaymentInfo', 'searchType', 1, '검색 기준(기간)을 다시 선택하세요.'],
    ['getMyShippingInfo', 'searchType', 'address', '검색 기준(이름 또는 연락처)을 다시 선택하세요.'],
    ['getMallMemberInfo', 'searchType', 'mail', '검색 기준(이름, 아이디 또는 연락처)을 다시 선택하세요.'],
    ['adminInquiryList', 'status', 'waiting', '문의 상태를 다시 선택하세요.'],
    ['adminPaymentList', 'status', 'done', '결제 상태를 다시 선택하세요.'],
    ['adminPaymentList', 'pgcode', 'paypal', '결제 수단을 다시 선택하세요.'],
    ['adminPaymentList', 'kind', 'gift', '결제 종류를 다시 선택하세요.'],
    ['adminTaxInvoiceList', 'status', 'lost', '세금계산서 상태를 다시 선택하세요.'],
    ['adminJobList', 'state', 'sleeping', '작업 상태를 다시 선택하세요.'],
    ['adminJobList', 'name', 'mail.spam', '작업 종류를 다시 선택하세요.'],
    ['setMallShppingInfo', 'basic', 'yes', "'기본 배송지'는 예 또는 아니오로 선택하세요."],
    ['setMallShppingInfo', 'basic', 1, "'기본 배송지'는 예 또는 아니오로 선택하세요."],
    ['adminSaveNotice', 'popup', 'true', "'홈 팝업에 표시'는 예 또는 아니오로 선택하세요."],
    ['adminSaveNotice', 'published', 1, "'게시'는 예 또는 아니오로 선택하세요."],
    ['adminSetCreditAccount', 'allowExceed', 'false', "'한도 초과 허용'은 예 또는 아니오로 선택하세요."],
    ['adminSetCreditAccount', 'allowSubAccounts', null, "'부계정 외상 허용'은 예 또는 아니오로 선택하세요."],
  ];
  it.each(CASES)('%s.%s = %j answers its own message', (call, field, value, message) => {
    const s = CALL_SCHEMAS[call] as { body?: z.ZodType; query?: z.ZodType };
    expect(saysOf((s.body ?? s.query)!, CALLS[call].example, field, value)).toBe(message);
  });

  it('every choice of the lists is still taken', () => {
    const TAKEN: [call: keyof typeof CALL_SCHEMAS, field: string, values: unknown[]][] = [
      ['getMallOrderInfo', 'searchType', ['', undefined]],
      ['getMyShippingInfo', 'searchType', ['name', 'phone', '']],
      ['getMallMemberInfo', 'searchType', ['name', 'id', 'phone', '']],
      ['adminInquiryList', 'status', ['open', 'answered', 'closed']],
      ['adminPaymentList', 'status', ['pending', 'paid', 'declined']],
      ['adminTaxInvoiceList', 'status', ['pending', 'issued', 'sent', 'failed', 'cancelled']],
      ['adminJobList', 'state', ['waiting', 'retrying', 'running', 'done', 'parked', 'cancelled']],
      ['setMallShppingInfo', 'basic', [true, false, 'true', 'false']],
      ['adminSaveNotice', 'popup', [true, false]],
      ['adminSetCreditAccount', 'allowExceed', [true, false]],
    ];
    for (const [call, field, values] of TAKEN) {
      const s = CALL_SCHEMAS[call] as { body?: z.ZodType; query?: z.ZodType };
      for (const value of values)
        expect(saysOf((s.body ?? s.query)!, CALLS[call].example, field, value), `${call}.${field}=${value}`).toBe(
          'taken',
        );
    }
  });
});
