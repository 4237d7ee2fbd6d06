import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Payload generators of the hostile-input suite, driven by the JSON schemas of the OpenAPI
 * document (which the contract's zod schemas produce): values that nearly fit, and values that
 * break them on purpose: wrong types, missing and extra fields, huge strings, impossible numbers
 * and dates, unicode edge cases.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

/** A number JSON.stringify cannot write (1e400 parses to Infinity): put into the body text as it is. */
const RAW = '\u0001raw:';
export const rawNumber = (literal: string) => `${RAW}${literal}`;
/** JSON text of a payload, with raw numbers written out literally. */
export function toJsonText(payload: unknown): string {
  return JSON.stringify(payload).replace(new RegExp(`"\\\\u0001raw:([^"]*)"`, 'g'), '$1');
}

export const IMPOSSIBLE_DATES = [
  '2026-13-01',
  '0000-00-00',
  '2026-12-32',
  '9999-99-99',
  '2026-02-30',
  '2025-02-29',
  '2026-00-10',
  '2026-1-1',
  '-0001-01-01',
  '275760-09-14',
  '2026-12-31T25:61:00',
  '2026/11/22',
  '20261122',
  '2026-11-22 ',
  'Invalid Date',
  '１９９９-０１-０１',
];
export const UNICODE_EDGES = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\u200b',
  '\ufeff한글',
  '\u00a0',
  '👨‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  'ＡＢＣ１２３',
  '０１０１２３４５６７８',
  '\u1100\u1161\u11a8',
  '\r\n\t',
  '\u2028\u2029',
  '\uffff',
  '\u{10ffff}',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
];
export const NUMERIC_STRINGS = [
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
  ' 1',
  '1 ',
  '١٢٣',
  '1_000',
  '9'.repeat(400),
  '-9223372036854775809',
  '1.5',
  '+1',
];
const HUGE = ['a'.repeat(100_000), '가'.repeat(40_000), '\u0000'.repeat(2000), '😀'.repeat(20_000), '9'.repeat(5000)];

const IMPOSSIBLE_NUMBERS: unknown[] = [
  0,
  -1,
  -0,
  0.5,
  1.5,
  -(2 ** 31) - 1,
  2 ** 31,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
  rawNumber('1e400'),
  rawNumber('-1e400'),
  rawNumber('123456789012345678901234567890'),
  rawNumber('1.00000000000000000000001'),
];
const WRONG_TYPES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [[]],
  [1, 'a', null],
  { a: { b: { c: { d: {} } } } },
  { length: 1e9 },
];

/** A string meant to break a field: unicode edges, impossible dates, odd numbers, random code units. */
export function hostileString(maxHuge = true): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...UNICODE_EDGES, ...IMPOSSIBLE_DATES, ...NUMERIC_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: maxHuge ? fc.constantFrom(...HUGE) : fc.constantFrom('b'.repeat(6000), '한'.repeat(1500)) },
  );
}

/** Any value meant to break a body field. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(fc.constantFrom(...WRONG_TYPES), fc.constantFrom(...IMPOSSIBLE_NUMBERS), hostileString());
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1e6);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1e6);
  const lo = Math.max(min, -1e12);
  const hi = Math.min(max, 1e12);
  // Mostly inside (so that the other fields of a body get judged), the edges and one past them too.
  const inside = integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true });
  return fc.oneof(
    { weight: 4, arbitrary: inside },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
    { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1) },
  );
}

/** A date field: real dates and impossible ones of the right shape. */
function dateArb(): fc.Arbitrary<string> {
  const real = fc
    .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  return fc.oneof(
    real,
    fc.constantFrom(...IMPOSSIBLE_DATES.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))),
    fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  );
}

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'email') return fc.emailAddress();
  if (s.pattern && /^\^?\\d\{4\}-\\d\{2\}-\\d\{2\}\$?$/.test(s.pattern)) return dateArb();
  if (s.pattern) {
    try {
      // Patterns like ^\d{4}-\d{2}-\d{2}$ give '0000-99-99' as readily as real dates.
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // An expression fast-check cannot generate from: plain strings below.
    }
  }
  const max = Math.min(s.maxLength ?? 30, 60);
  return fc.oneof(
    fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(max, s.minLength ?? 0), unit: 'grapheme' }),
    fc.constantFrom(
      'a'.repeat(s.maxLength ?? 10),
      'a'.repeat((s.maxLength ?? 10) + 1),
      'a'.repeat(Math.max(0, (s.minLength ?? 1) - 1)),
    ),
  );
}

/** Values that fit the schema, or nearly (its edges and one past them). */
export function plausible(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return fc.anything({ maxDepth: 1 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map((x) => plausible(x, depth + 1)));
  if (s.allOf && s.allOf.length > 0) return plausible(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausible(s.items, depth + 1), { maxLength: 4 });
    case 'object':
    case undefined: {
      const props = s.properties ?? {};
      if (Object.keys(props).length === 0) return type === 'object' ? fc.constant({}) : fc.anything({ maxDepth: 1 });
      // A text field named like a date gets dates (its schema may check them in code, not by pattern).
      const shape = Object.fromEntries(
        Object.entries(props).map(([k, v]) => [
          k,
          /date$/i.test(k) && JSON.stringify(v).includes('"string"')
            ? fc.oneof(dateArb(), plausible(v, depth + 1))
            : plausible(v, depth + 1),
        ]),
      );
      return fc.record(shape, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/**
 * A whole request body for an operation whose body schema is `s` (or none): near-valid objects,
 * one field broken, a required field missing, extra fields, every field broken, or no object at all.
 */
export function hostileBody(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const props = Object.keys(s?.properties ?? {});
  const base = plausible(s ?? { type: 'object' }) as fc.Arbitrary<Record<string, unknown>>;
  const asObject = base.map((b) => (b && typeof b === 'object' && !Array.isArray(b) ? b : {}));
  const variants: fc.WeightedArbitrary<unknown>[] = [
    { weight: 4, arbitrary: base },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES, ...IMPOSSIBLE_NUMBERS, ...UNICODE_EDGES.slice(0, 8)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          asObject,
          fc.dictionary(
            fc.oneof(
              fc.constantFrom('__proto__', 'constructor', 'prototype', 'x'.repeat(300), '', '$where'),
              fc.string(),
            ),
            hostileValue(),
            { maxKeys: 4 },
          ),
        )
        .map(([b, extra]) => {
          const out = { ...b };
          for (const [k, v] of Object.entries(extra))
            Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
          return out;
        }),
    },
  ];
  if (props.length > 0) {
    variants.push(
      {
        weight: 3,
        arbitrary: fc.tuple(asObject, fc.constantFrom(...props), hostileValue()).map(([b, k, v]) => ({ ...b, [k]: v })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(asObject, fc.constantFrom(...props)).map(([b, k]) => {
          const out = { ...b };
          delete out[k];
          return out;
        }),
      },
      { weight: 1, arbitrary: fc.record(Object.fromEntries(props.map((k) => [k, hostileValue()]))) },
    );
  }
  return fc.oneof(...variants);
}

/** Query parameters (always text on the wire): plausible values, broken ones, repeats, missing ones. */
export function hostileQuery(
  params: { name: string; schema?: JsonSchema; required?: boolean }[],
): fc.Arbitrary<[string, string][]> {
  const one = (p: { name: string; schema?: JsonSchema }) =>
    fc.oneof(
      plausible(p.schema).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
      hostileString(false),
    );
  const entries = params.map((p) =>
    fc.oneof(
      one(p).map((v) => [[p.name, v]] as [string, string][]),
      fc.constant([] as [string, string][]),
      fc.tuple(one(p), one(p)).map(
        ([a, b]) =>
          [
            [p.name, a],
            [p.name, b],
          ] as [string, string][],
      ),
    ),
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', '[]', 'a[b]'), fc.string({ maxLength: 10 })),
      hostileString(false),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...entries), extra).map(([es, ex]) => [...es.flat(), ...ex]);
}

// ---------------------------------------------------------------- spreadsheets

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * An .xlsx written by hand, as an attacker would: one sheet whose `<worksheet>` body is `body`
 * (`<sheetData>…</sheetData>` and anything after it), deflated as hard as zip allows.
 */
export function handWrittenXlsx(body: string): Uint8Array {
  const text = (s: string) => strToU8(XML_HEAD + s);
  return zipSync(
    {
      '[Content_Types].xml': text(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
      '_rels/.rels': text(
        `<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
      'xl/workbook.xml': text(
        `<workbook xmlns="${SHEET_NS}" xmlns:r="${OFFICE_REL}"><sheets><sheet name="견적" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      'xl/_rels/workbook.xml.rels': text(
        `<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${OFFICE_REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
      'xl/worksheets/sheet1.xml': text(`<worksheet xmlns="${SHEET_NS}">${body}</worksheet>`),
    },
    { level: 9 },
  );
}

const inline = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;

/**
 * Wide: `rows` lines of a part number and a quantity, each with one more cell in column XFD (the
 * last of 16,384). About 23 KB for 1,800 lines; exceljs gives each row a 16,384-long array.
 */
export function wideSheet(rows = 1800): Uint8Array {
  const body = Array.from(
    { length: rows },
    (_, i) =>
      `<row r="${i + 1}">${inline(`A${i + 1}`, `P${i}`)}<c r="B${i + 1}"><v>1</v></c><c r="XFD${i + 1}"><v>1</v></c></row>`,
  ).join('');
  return handWrittenXlsx(`<sheetData>${body}</sheetData>`);
}

/** Sparse: one line at the top and one cell in the sheet's very last row (1,048,576). */
export function sparseSheet(): Uint8Array {
  return handWrittenXlsx(
    `<sheetData><row r="1">${inline('A1', 'A0004201220')}<c r="B1"><v>2</v></c></row><row r="1048576"><c r="A1048576"><v>1</v></c></row></sheetData>`,
  );
}

/**
 * Dense within the bounds: 4,900 rows of 100 cells without references (each placed after the one
 * before), about 21 KB that unpack to 8 MB: seconds of exceljs work, for the worker's limits.
 */
export function denseSheet(): Uint8Array {
  const row = `<row>${'<c><v>1</v></c>'.repeat(100)}</row>`;
  return handWrittenXlsx(`<sheetData>${row.repeat(4900)}</sheetData>`);
}

/**
 * A few lines of values, plus ranges that exceljs fills cell by cell: a merge, a data validation
 * and a shared formula reaching column XFD (a merge of C1:XFD3 alone is 49,000 cells; of
 * A1:XFD1000, 16 million and gigabytes).
 */
export function rangesSheet(last = 3): Uint8Array {
  const rows = Array.from(
    { length: last },
    (_, i) =>
      `<row r="${i + 1}">${inline(`A${i + 1}`, `A00042012${20 + i}`)}<c r="B${i + 1}"><v>${i + 1}</v></c>${i === 0 ? inline('C1', '급함') : ''}</row>`,
  ).join('');
  return handWrittenXlsx(
    `<sheetData>${rows}</sheetData><mergeCells count="1"><mergeCell ref="C1:XFD${last}"/></mergeCells>` +
      `<dataValidations count="1"><dataValidation type="whole" sqref="D1:XFD${last}"><formula1>1</formula1></dataValidation></dataValidations>`,
  );
}

// ---------------------------------------------------------------- the rest of the shop under load

/** The 95th percentile of latencies (ms), nearest rank. */
export function p95(ms: readonly number[]): number {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

/**
 * What the rest of the shop feels while `work` runs: the latencies (ms) of a cheap call made over
 * and over, one after another (at least `min` of them), and the longest stall of this thread's event
 * loop (ms), sampled every 10 ms. The test server runs in this process, so the stall is how long its
 * request thread was held at once: a single 10-second stall is one slow call among many in the
 * latencies, but the whole of it here.
 */
export async function latenciesWhile<T>(
  cheap: () => Promise<unknown>,
  work: Promise<T>,
  min = 20,
): Promise<{ ms: number[]; stallMs: number; work: T }> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let done = false;
  const finished = work.finally(() => (done = true));
  const ms: number[] = [];
  while (!done || ms.length < min) {
    const t = performance.now();
    await cheap();
    ms.push(performance.now() - t);
  }
  const result = await finished;
  loop.disable();
  return { ms, stallMs: loop.max / 1e6, work: result };
}
