import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { standardDeliveryOptions } from './admin-config.js';
import { CALLS } from './calls.js';
import { CALL_SCHEMAS } from './call-schemas.js';
import { linesField, plainText, textField } from './text-field.js';
import { MSG } from './messages.js';

/**
 * docs/requirements.md#validation: every text field refuses control characters, bidi overrides and
 * more than 30 combining marks in a row.
 * Each call's own example (a payload its schema accepts) is sent again with one text field changed
 * at a time; a field whose schema lets the character through to what the server reads fails here,
 * so a new field cannot forget the rule. The fields below are read only to look something up or to
 * compare (never stored or shown), or are a whole file whose cells their own rules check.
 */
const NOT_STORED_OR_SHOWN: Record<string, string> = {
  'login.id': 'looked up (MAIL_SHAPE refuses control characters and bidi controls: rules.test.ts)',
  'login.pw': 'compared with the hash',
  'updateMyPassword.opw': 'compared with the hash',
  'setMallMemberInfo.pw': 'kept only as a hash, never shown',
  'qrcodeLogin.token': 'compared',
  'paymentCallback.paymentId': "the provider's value, looked up",
  'paymentCallback.signature': "the provider's value, compared",
  'tossWebhook.eventType': "the provider's value, compared",
  'trackingWebhook.carrierId': "the provider's value, looked up",
  'trackingWebhook.trackingNumber': "the provider's value, looked up",
  'getProductHome.searchKeyword': 'a search',
  'searchParts.objSearchMapper.searchKeyword': 'a search',
  'tossWebhook.data.orderId': "the provider's value, looked up",
  'tossWebhook.data.paymentKey': "the provider's value, compared",
  'suggestProducts.keyword': 'a search',
  'getEpcToProduct.pid': 'a search',
  'adminCompanyList.keyword': 'a search',
  'adminProductList.keyword': 'a search',
  'adminProductExport.keyword': 'a search',
  'adminXrefList.keyword': 'a search',
  'adminAuditList.action': 'a filter',
  'getUserSearchHistory.brand_code': 'a filter',
  'resolveQuickOrder.text': 'a pasted sheet: each line is cleaned of invisible marks (docs/search.md#paste-anything)',
  'adminImportProducts.csv': "a file: each line's cells are checked as the product form's fields",
  'adminImportXrefs.csv': "a file: each line's cells are checked as the cross-reference form's fields",
  'adminUploadProductImage.data': 'base64, decoded and checked as an image',
  'adminUploadProductImage.mime': 'compared with what the bytes are',
  'adminUploadCatalogue.data': 'base64, decoded and checked as a zip',
};
/** The parts catalogue's lookups of the original API: brand, language and catalogue keys, looked up. */
const isCatalogueLookup = (id: string) => id.startsWith('getCars');

const CHARACTERS: [string, string][] = [
  ['BEL', '\u0007'],
  ['NUL', '\u0000'],
  ['a right-to-left override', '\u202e'],
  ['a pop directional isolate', '\u2069'],
  // Piled on one letter, they draw a column over the lines around it (the stream-safe limit is 30).
  ['31 combining marks', '\u0301'.repeat(31)],
];

/** Every text of an example with its path: top level, in nested objects and in arrays' first items. */
function textPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return value.length > 0 ? [path] : [];
  if (Array.isArray(value)) return value.length > 0 ? textPaths(value[0], [...path, 0]) : [];
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => textPaths(v, [...path, k]));
  return [];
}

function at(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], value);
}

function withText(value: unknown, path: (string | number)[], text: string): unknown {
  const copy: unknown = structuredClone(value);
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = text;
  return copy;
}

type Call = [id: string, schema: z.ZodType, example: unknown];

/**
 * Examples whose arrays are empty in the table of calls, sent here with one item each: an empty
 * array hides its items' text fields (the shop's warehouse addresses and delivery options are
 * served to every buyer). The test below keeps this list complete.
 */
const FILLED: Record<string, unknown> = {
  adminSaveConfig: {
    ...CALLS.adminSaveConfig.example,
    shippingAddress: [{ name: '한국 김포물류센터', address: '경기 김포시 고촌읍 1', phone: '031-123-4567' }],
    deliveryOptions: [standardDeliveryOptions({ storageId: 1, stockName: '한국 김포물류센터' })],
  },
};

/** The calls that take a body or a query, each with its schema and its example (filled, where it is above). */
const TABLE: Call[] = (Object.entries(CALL_SCHEMAS) as [string, { body?: z.ZodType; query?: z.ZodType }][]).flatMap(
  ([id, s]) => {
    const schema = s.body ?? s.query;
    const example = FILLED[id] ?? CALLS[id as keyof typeof CALLS].example;
    return schema && !isCatalogueLookup(id) ? [[id, schema, example] as Call] : [];
  },
);

/** The paths of an example's empty arrays. */
function emptyArrays(value: unknown, path: (string | number)[] = []): string[] {
  if (Array.isArray(value))
    return value.length === 0 ? [path.join('.')] : value.flatMap((v, i) => emptyArrays(v, [...path, i]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => emptyArrays(v, [...path, k]));
  return [];
}

/** The calls' text fields that let one of the characters through to what the server reads. */
function leaks(calls: Call[]): string[] {
  const found: string[] = [];
  for (const [id, schema, example] of calls) {
    if (!schema.safeParse(example).success) {
      found.push(`${id}: its example is refused`);
      continue;
    }
    for (const path of textPaths(example)) {
      const field = `${id}.${path.join('.')}`;
      if (NOT_STORED_OR_SHOWN[field]) continue;
      const text = at(example, path) as string;
      for (const [name, ch] of CHARACTERS) {
        const parsed = schema.safeParse(withText(example, path, `${text.slice(0, 1)}${ch}${text.slice(1)}`));
        const read = parsed.success ? at(parsed.data, path) : undefined;
        if (typeof read === 'string' && read.includes(ch)) found.push(`${field} takes ${name}`);
      }
    }
  }
  return found;
}

describe('text fields (docs/requirements.md#validation)', () => {
  it('no call lets a control character, a bidi override or a pile of marks into a text it stores or shows', () => {
    expect(TABLE.length).toBeGreaterThan(100);
    expect(leaks(TABLE)).toEqual([]);
  });

  it('sends every array with an item, so that no text field hides in an empty one', () => {
    expect(TABLE.flatMap(([id, , example]) => emptyArrays(example).map((p) => `${id}.${p}`))).toEqual([]);
    // The filled configuration's texts are among those sent: warehouse addresses and delivery options.
    const config = TABLE.find(([id]) => id === 'adminSaveConfig')!;
    expect(textPaths(config[2]).map((p) => p.join('.'))).toEqual(
      expect.arrayContaining([
        'shippingAddress.0.name',
        'shippingAddress.0.address',
        'shippingAddress.0.phone',
        'deliveryOptions.0.warehouseName',
      ]),
    );
  });

  it('finds a planted field that forgets the rule, at the top and nested, and passes one that keeps it', () => {
    const forgets = z.object({ memo: z.string().max(50), lines: z.array(z.object({ name: z.string() })) });
    expect(leaks([['planted', forgets, { memo: '메모', lines: [{ name: '필터' }] }]])).toEqual([
      'planted.memo takes BEL',
      'planted.memo takes NUL',
      'planted.memo takes a right-to-left override',
      'planted.memo takes a pop directional isolate',
      'planted.memo takes 31 combining marks',
      'planted.lines.0.name takes BEL',
      'planted.lines.0.name takes NUL',
      'planted.lines.0.name takes a right-to-left override',
      'planted.lines.0.name takes a pop directional isolate',
      'planted.lines.0.name takes 31 combining marks',
    ]);
    const keeps = z.object({ memo: plainText(z.string().max(50)), seq: z.number() });
    expect(leaks([['planted', keeps, { memo: '메모', seq: 1 }]])).toEqual([]);
    // A field the call does not read (stripped by its schema) leaks nothing.
    expect(leaks([['planted', z.object({ seq: z.number() }), { seq: 1, name: '집' }]])).toEqual([]);
  });

  it('textField says its own message for a wrong type or length, and MSG.textInvalid for a control character', () => {
    const name = textField(2, 4, '이름은 2~4자로 입력하세요.');
    const said = (value: unknown) => name.safeParse(value).error?.issues[0]?.message;
    expect(name.parse('  홍길동 ')).toBe('홍길동');
    expect(name.parse('가나')).toBe('가나');
    expect(name.parse('가나다라')).toBe('가나다라');
    expect(said('가')).toBe('이름은 2~4자로 입력하세요.');
    expect(said('가나다라마')).toBe('이름은 2~4자로 입력하세요.');
    expect(said(12)).toBe('이름은 2~4자로 입력하세요.');
    expect(said('가\u0007나')).toBe(MSG.textInvalid);
    expect(said('가\u202E나')).toBe(MSG.textInvalid);
    const memo = linesField(1, 20, '메모는 20자까지 입력하세요.');
    expect(memo.parse('첫 줄\n둘째\t줄')).toBe('첫 줄\n둘째\t줄');
    expect(memo.safeParse('첫 줄\u0000').error?.issues[0]?.message).toBe(MSG.textInvalid);
  });
});

/** Characters that show nothing: a Hangul filler, a zero-width space, the half-width filler. */
const INVISIBLE = ['\u3164', '\u200b', '\uffa0'];

/** The calls' required text fields (refusing '') that take a text of invisible characters alone. */
function blanks(calls: Call[]): string[] {
  const found: string[] = [];
  for (const [id, schema, example] of calls) {
    for (const path of textPaths(example)) {
      const field = `${id}.${path.join('.')}`;
      if (NOT_STORED_OR_SHOWN[field]) continue;
      if (schema.safeParse(withText(example, path, '')).success) continue;
      const length = (at(example, path) as string).length;
      for (const ch of INVISIBLE)
        if (schema.safeParse(withText(example, path, ch.repeat(length))).success) {
          found.push(field);
          break;
        }
    }
  }
  return found;
}

/**
 * Required texts that may be invisible alone here: the server reads them further (a notice's HTML is
 * refused when it shows nothing; my info's name is held to the name rule only when changed), or they
 * are compared, never shown.
 */
const CHECKED_FURTHER: Record<string, string> = {
  'adminSaveNotice.content': 'HTML: the server refuses one that shows nothing after sanitising',
  'updateMyInfo.name': 'a name stored by the shop is taken unchanged; a changed one is held to the name rule',
  'WithdrawMember.userName': "compared with the account's name",
  'adminRecordDeposit.clientRequestId': 'a request id, compared',
  'adminUploadProductImage.name': "a file's name: the upload is judged by its bytes, stored under a name of ours",
  'adminUploadCatalogue.name': "a file's name: the upload is judged by its bytes",
  'adminImportXrefs.fileName': "a file's name, only echoed in the refusals of the same upload",
};

describe('required text fields (docs/requirements.md#validation)', () => {
  it('no call takes a required text of invisible characters alone (Hangul fillers, U+200B)', () => {
    expect(blanks(TABLE).filter((field) => !CHECKED_FURTHER[field])).toEqual([]);
  });

  it('finds a planted required field that takes fillers alone, and passes an optional one and one that keeps the rule', () => {
    const planted = z.object({
      name: z.string().trim().min(2),
      memo: z.string().max(20),
      area: textField(2, 20, '지역'),
    });
    expect(blanks([['planted', planted, { name: '한빛', memo: '메모', area: '서울' }]])).toEqual(['planted.name']);
    expect(textField(1, 20, '제목을 입력하세요.').safeParse('\u3164\u200b').error?.issues[0]?.message).toBe(
      '제목을 입력하세요.',
    );
    expect(textField(0, 20, '메모').parse('\u3164')).toBe('\u3164');
    expect(linesField(2, 20, '사유').parse('\u3164사유')).toBe('\u3164사유');
  });
});
