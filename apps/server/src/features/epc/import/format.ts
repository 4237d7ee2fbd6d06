import {
  checkVin,
  EPC_CATALOGUE_BRANDS,
  hasVisibleText,
  isPlainLines,
  isPlainText,
  isWellFormedText,
  normalizeVin,
} from '@partsmall/contract';

/**
 * The catalogue folder format (docs/catalogue-format.md): one file per table, each either
 * JSON Lines (`name.jsonl`) or CSV with a header row (`name.csv`), plus the images they name.
 * Every row is checked by the schema of its table; messages are Korean, for the back office.
 */

export const TABLES = [
  'catalogue',
  'words',
  'main_groups',
  'diagrams',
  'hotspots',
  'nodes',
  'vehicles',
  'parts',
  'replacements',
] as const;
export type TableName = (typeof TABLES)[number];
/** Tables a catalogue cannot do without: each file must be there and hold a row (else none would replace them). */
export const REQUIRED_TABLES: readonly TableName[] = [
  'catalogue',
  'main_groups',
  'nodes',
  'diagrams',
  'parts',
  'vehicles',
];

export interface ImportLimits {
  /** Largest data file (bytes). */
  maxFileBytes: number;
  /** Largest image (bytes). */
  maxImageBytes: number;
  /** Longest line of a data file (bytes of text). */
  maxLineChars: number;
  /** Most rows in one data file. */
  maxRows: number;
  /** Most problems listed in a report (the rest are counted). */
  maxProblems: number;
}

export const DEFAULT_LIMITS: ImportLimits = {
  maxFileBytes: 256 * 1024 * 1024,
  maxImageBytes: 5 * 1024 * 1024,
  maxLineChars: 64 * 1024,
  maxRows: 5_000_000,
  maxProblems: 200,
};

export const M = {
  required: '값이 없습니다.',
  notText: '문자열이어야 합니다.',
  tooLong: (max: number) => `${max}자 이하로 입력하세요.`,
  codeShape: '영문, 숫자, 밑줄(_), 점(.), 하이픈(-)만 쓸 수 있습니다.',
  control: '제어 문자(줄바꿈, 탭 등)를 쓸 수 없습니다.',
  unseen: '보이지 않는 방향 제어 문자나 깨진 문자를 쓸 수 없습니다.',
  notInteger: '정수가 아닙니다.',
  min: (n: number) => `${n} 이상이어야 합니다.`,
  max: (n: number) => `${n} 이하여야 합니다.`,
  notDate: 'YYYY-MM-DD 형식의 날짜가 아닙니다.',
  notList: '코드 목록(공백으로 구분)이 아닙니다.',
  tooMany: (n: number) => `최대 ${n}개까지 쓸 수 있습니다.`,
  notPairs: '항목-값 쌍의 JSON(객체 또는 [항목, 값] 배열)이 아닙니다.',
  brand: `브랜드는 ${EPC_CATALOGUE_BRANDS.join(', ')} 중 하나여야 합니다.`,
  kind: "종류는 'supersedes' 또는 'interchangeable'이어야 합니다.",
  unknownField: (keys: string[]) => `알 수 없는 항목입니다: ${keys.join(', ')}`,
  imagePath: '이미지는 폴더 안의 상대 경로(예: images/a.svg) 또는 https:// 주소여야 합니다.',
  imagePathChars:
    '이미지 경로에는 영문, 숫자, 밑줄(_), 점(.), 하이픈(-), 슬래시(/)만 쓸 수 있습니다. 한글이나 공백이 있는 파일 이름은 바꾸세요.',
  partNumber: '부품번호에 영문 또는 숫자가 없습니다.',
  refmid: "refmid 항목은 'mid,pnum' 형식이어야 합니다.",
} as const;

/**
 * Field checks. The importer reads millions of rows, so rows are checked by these small
 * functions instead of a schema library (zod took 35-90 µs a row here; these take about 2).
 * Each returns the clean value or a Fail with the Korean message.
 */
export class Fail {
  constructor(readonly message: string) {}
}
type Check<T> = (value: unknown) => T | Fail;

/** CSV cells arrive as strings; an empty cell (or a JSON null) means "not given". */
const given = (v: unknown) => v !== undefined && v !== null && v !== '';
/** One line: no control character; free text: none but tab and line breaks (PostgreSQL holds no NUL). */
const ONE_LINE = { plain: isPlainText, control: /\p{Cc}/u };
const LINES = { plain: isPlainLines, control: /(?![\t\n\r])\p{Cc}/u };
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/; // most of a catalogue: nothing below can refuse it, checked in one pass
/** As the shop's text: no bidi control ('\u202eBrakes' read 'sekarB'), no lone surrogate (docs/catalogue-format.md). */
function text(v: unknown, max: number, kind: typeof ONE_LINE): string | Fail {
  if (typeof v !== 'string') return new Fail(M.notText);
  const t = v.trim();
  if (t.length > max) return new Fail(M.tooLong(max));
  if (PRINTABLE_ASCII.test(t)) return t;
  if (!kind.plain(t)) return new Fail(kind.control.test(t) ? M.control : M.unseen);
  return isWellFormedText(t) ? t : new Fail(M.unseen);
}

/** One-line text (labels, names), showing at least one character (not only U+200B or U+3164). */
export const line =
  (max: number): Check<string> =>
  (v) => {
    if (!given(v)) return new Fail(M.required);
    const t = text(v, max, ONE_LINE);
    return typeof t === 'string' && !hasVisibleText(t) ? new Fail(M.required) : t;
  };

/** Optional one-line text; '' when not given. */
export const optLine =
  (max: number): Check<string> =>
  (v) =>
    given(v) ? text(v, max, ONE_LINE) : '';

/** Optional free text (remarks, descriptions): line breaks and tabs allowed. */
export const optText =
  (max: number): Check<string> =>
  (v) =>
    given(v) ? text(v, max, LINES) : '';

const CODE = /^[A-Za-z0-9_.-]+$/;
function codeValue(v: unknown, max: number): string | Fail {
  const s = typeof v === 'number' && Number.isInteger(v) ? String(v) : v;
  if (typeof s !== 'string') return new Fail(M.notText);
  const t = s.trim();
  if (t === '') return new Fail(M.required);
  if (t.length > max) return new Fail(M.tooLong(max));
  return CODE.test(t) ? t : new Fail(M.codeShape);
}

/** A key of the catalogue (mcid, num, mid, diagram, callout); integers are taken as text. */
export const code =
  (max = 64): Check<string> =>
  (v) =>
    given(v) ? codeValue(v, max) : new Fail(M.required);

export const optCode =
  (max = 64): Check<string | undefined> =>
  (v) =>
    given(v) ? codeValue(v, max) : undefined;

const INTEGER_TEXT = /^-?\d{1,15}$/;
function intValue(v: unknown, min: number, max: number): number | Fail {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && INTEGER_TEXT.test(v.trim())) n = Number(v.trim());
  else return new Fail(M.notInteger);
  if (!Number.isInteger(n)) return new Fail(M.notInteger);
  if (n < min) return new Fail(M.min(min));
  if (n > max) return new Fail(M.max(max));
  return n;
}

/** Integers as JSON numbers or as plain digit strings (CSV); '1.5', '1e3', '12a' are refused. */
export const int =
  (min: number, max: number): Check<number> =>
  (v) =>
    given(v) ? intValue(v, min, max) : new Fail(M.required);

export const optInt =
  (min: number, max: number): Check<number | undefined> =>
  (v) =>
    given(v) ? intValue(v, min, max) : undefined;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function isCalendarDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

export const optDate = (): Check<string | undefined> => (v) => {
  if (!given(v)) return undefined;
  if (typeof v !== 'string' || !isCalendarDate(v.trim())) return new Fail(M.notDate);
  return v.trim();
};

const OPTION_CODE = /^[A-Z0-9_+.-]{1,20}$/;
/** Option codes: a JSON array, or one string with codes separated by spaces or commas. Upper-cased. */
export const codeList =
  (maxItems = 500): Check<string[]> =>
  (v) => {
    if (!given(v)) return [];
    const items = typeof v === 'string' ? v.split(/[\s,]+/).filter(Boolean) : v;
    if (!Array.isArray(items)) return new Fail(M.notList);
    if (items.length > maxItems) return new Fail(M.tooMany(maxItems));
    const out: string[] = [];
    for (const item of items) {
      if (typeof item !== 'string') return new Fail(M.notList);
      const c = item.trim().toUpperCase();
      if (!OPTION_CODE.test(c)) return new Fail(M.notList);
      out.push(c);
    }
    return out;
  };

/** Vehicle specs: a JSON object or [term, value] pairs, natively (JSONL) or as JSON text (CSV). */
export const pairs = (): Check<[string, string][]> => {
  const key = line(100);
  const value = line(200);
  return (v) => {
    if (!given(v)) return [];
    let a: unknown = v;
    if (typeof a === 'string') {
      try {
        a = JSON.parse(a) as unknown;
      } catch {
        return new Fail(M.notPairs);
      }
    }
    const entries = a !== null && typeof a === 'object' && !Array.isArray(a) ? Object.entries(a) : a;
    if (!Array.isArray(entries)) return new Fail(M.notPairs);
    if (entries.length > 100) return new Fail(M.tooMany(100));
    const out: [string, string][] = [];
    for (const e of entries) {
      if (!Array.isArray(e) || e.length !== 2) return new Fail(M.notPairs);
      const k = key(e[0]);
      const val = value(typeof e[1] === 'number' ? String(e[1]) : e[1]);
      if (k instanceof Fail || val instanceof Fail) return new Fail(M.notPairs);
      out.push([k, val]);
    }
    return out;
  };
};

const IMAGE_URL = /^https:\/\/[^\s"'<>\\]+$/;
/** A local image's path: these characters only (docs/catalogue-format.md#files), else it is told which. */
const IMAGE_PATH = /^[A-Za-z0-9_./-]+$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/; // an address or a drive ('http:', 'C:'), not a path in the folder
function imageValue(v: unknown): string | Fail {
  if (typeof v !== 'string') return new Fail(M.imagePath);
  const t = v.trim();
  if (t.length > 300) return new Fail(M.tooLong(300));
  if (IMAGE_URL.test(t)) return t;
  if (SCHEME.test(t)) return new Fail(M.imagePath);
  if (!IMAGE_PATH.test(t)) return new Fail(M.imagePathChars);
  if (t.startsWith('/') || t.split('/').includes('..')) return new Fail(M.imagePath);
  return t;
}

/** An image: a relative path inside the folder, or an https address. */
export const image = (): Check<string | undefined> => (v) => (given(v) ? imageValue(v) : undefined);
export const requiredImage = (): Check<string> => (v) => (given(v) ? imageValue(v) : new Fail(M.required));

export const oneOf =
  <T extends string>(values: readonly T[], message: string): Check<T> =>
  (v) =>
    typeof v === 'string' && (values as readonly string[]).includes(v.trim())
      ? (v.trim() as T)
      : new Fail(given(v) ? message : M.required);

/** A full VIN, normalised as the search box does (upper case, no spaces), then checked. */
export const vin = (): Check<string> => (v) => {
  if (typeof v !== 'string' && given(v)) return new Fail(M.notText);
  const normal = typeof v === 'string' ? normalizeVin(v) : '';
  if (normal === '') return new Fail(M.required);
  const checked = checkVin('all', normal);
  return checked.ok ? checked.vin : new Fail(checked.message);
};

const refmidList = (): Check<string[]> => (v) => {
  if (!given(v)) return [];
  const items = typeof v === 'string' ? v.split(/[\s;]+/).filter(Boolean) : v;
  if (!Array.isArray(items)) return new Fail(M.refmid);
  if (items.length > 50) return new Fail(M.tooMany(50));
  for (const item of items)
    if (typeof item !== 'string' || !/^[A-Za-z0-9_.-]{1,64},[A-Za-z0-9_.-]{1,20}$/.test(item))
      return new Fail(M.refmid);
  return items as string[];
};

const fitFields = {
  fit_all: codeList(),
  fit_any: codeList(),
  fit_none: codeList(),
  fit_from: optDate(),
  fit_to: optDate(),
};

type Fields = Record<string, Check<unknown>>;

export const SCHEMAS = {
  catalogue: {
    mcid: code(64),
    brand: oneOf(EPC_CATALOGUE_BRANDS, M.brand),
    name: line(100),
    img: image(),
  },
  words: {
    term: line(200),
    zh: optLine(200),
    ko: optLine(200),
    en: optLine(200),
    vi: optLine(200),
  },
  main_groups: {
    num: code(32),
    label: line(200),
    img: image(),
  },
  diagrams: {
    diagram: code(64),
    image: requiredImage(),
    max_x: int(1, 100_000),
    max_y: int(1, 100_000),
    hotspot_w: optInt(1, 100_000),
    hotspot_h: optInt(1, 100_000),
  },
  hotspots: {
    diagram: code(64),
    key: code(20),
    x: int(0, 100_000),
    y: int(0, 100_000),
  },
  nodes: {
    mid: code(64),
    num: code(32),
    parent: optCode(64),
    label: line(200),
    description: optText(1000),
    model: optLine(200),
    img: image(),
    diagram: optCode(64),
    ...fitFields,
  },
  vehicles: {
    vin: vin(),
    model_name: line(200),
    year: optInt(1950, 2100),
    production_date: optDate(),
    options: codeList(),
    maindata: pairs(),
  },
  parts: {
    diagram: code(64),
    pnum: code(20),
    itid: optLine(64),
    itid2: optLine(64),
    pid: line(50),
    label: line(300),
    standard_label: optLine(300),
    quantity: optLine(20),
    model: optLine(200),
    stitute_status: optLine(50),
    remark: optText(500),
    refmid: refmidList(),
    ...fitFields,
  },
  replacements: {
    pid: line(50),
    to: line(50),
    kind: oneOf(['supersedes', 'interchangeable'] as const, M.kind),
    remark: optText(500),
  },
} satisfies Record<TableName, Fields>;

export type Row<T extends TableName> = {
  [K in keyof (typeof SCHEMAS)[T]]: (typeof SCHEMAS)[T][K] extends Check<infer V> ? V : never;
};

export interface FieldIssue {
  /** The field, or null for the row as a whole (unknown fields). */
  field: string | null;
  message: string;
}

/** Checks one row against its table: every field, then fields the table does not have. */
export function checkRow<T extends TableName>(
  table: T,
  row: Record<string, unknown>,
): { row: Row<T> } | { issues: FieldIssue[] } {
  const fields: Fields = SCHEMAS[table];
  const out: Record<string, unknown> = {};
  let issues: FieldIssue[] | null = null;
  for (const name in fields) {
    const value = fields[name]!(Object.hasOwn(row, name) ? row[name] : undefined);
    if (value instanceof Fail) (issues ??= []).push({ field: name, message: value.message });
    else out[name] = value;
  }
  let unknown: string[] | null = null;
  for (const name in row) if (!Object.hasOwn(fields, name)) (unknown ??= []).push(name);
  if (unknown) (issues ??= []).push({ field: null, message: M.unknownField(unknown) });
  return issues ? { issues } : { row: out as Row<T> };
}
