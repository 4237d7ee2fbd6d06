import { z } from 'zod';
import { checkVin, EPC_CATALOGUE_BRANDS, normalizeVin } from '@partsmall/contract';

/**
 * The catalogue folder format (docs/catalogue-format.md): one file per table, each either
 * JSON Lines (`name.jsonl`) or CSV with a header row (`name.csv`), plus the images they name.
 * Every row is checked by the schema of its table; messages are Korean, for the back office.
 */

export const TABLES = ['catalogue', 'words', 'main_groups', 'diagrams', 'hotspots', 'nodes', 'vehicles', 'parts', 'replacements'] as const;
export type TableName = (typeof TABLES)[number];
/** Tables a catalogue cannot do without. */
export const REQUIRED_TABLES: readonly TableName[] = ['catalogue', 'main_groups', 'nodes', 'diagrams', 'parts', 'vehicles'];

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
  imagePath: "이미지는 폴더 안의 상대 경로(예: images/a.svg) 또는 https:// 주소여야 합니다.",
  partNumber: '부품번호에 영문 또는 숫자가 없습니다.',
  refmid: "refmid 항목은 'mid,pnum' 형식이어야 합니다.",
} as const;

/** 1536 -> '1.5 KB' (limits in messages). */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n}바이트`;
}

/** CSV cells arrive as strings; an empty cell (or a JSON null) means "not given". */
const absent = (v: unknown): unknown => (v === '' || v === null ? undefined : v);

const CONTROL = /\p{Cc}/u;
/** C0 controls other than tab and line breaks, and NUL, which PostgreSQL text cannot hold. */
const CONTROL_EXCEPT_BREAKS = /(?![\t\n\r])\p{Cc}/u;

/** One-line text (labels, names). */
export const line = (max: number) =>
  z.preprocess(absent, z.string({ error: (i) => (i.input === undefined ? M.required : M.notText) }).trim().min(1, M.required).max(max, M.tooLong(max)).refine((v) => !CONTROL.test(v), M.control));

/** Optional one-line text; '' when not given. */
export const optLine = (max: number) =>
  z.preprocess(absent, z.string({ error: M.notText }).trim().max(max, M.tooLong(max)).refine((v) => !CONTROL.test(v), M.control).optional().default(''));

/** Optional free text (remarks, descriptions): line breaks and tabs allowed. */
export const optText = (max: number) =>
  z.preprocess(absent, z.string({ error: M.notText }).trim().max(max, M.tooLong(max)).refine((v) => !CONTROL_EXCEPT_BREAKS.test(v), M.control).optional().default(''));

const CODE = /^[A-Za-z0-9_.-]+$/;
/** A key of the catalogue (mcid, num, mid, diagram, callout). */
export const code = (max = 64) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : absent(v)),
    z.string({ error: (i) => (i.input === undefined ? M.required : M.notText) }).trim().min(1, M.required).max(max, M.tooLong(max)).regex(CODE, M.codeShape),
  );

export const optCode = (max = 64) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : absent(v)),
    z.string({ error: M.notText }).trim().max(max, M.tooLong(max)).regex(CODE, M.codeShape).optional(),
  );

/** Integers as JSON numbers or as plain digit strings (CSV); '1.5', '1e3', '12a' are refused. */
export const int = (min: number, max: number) =>
  z.preprocess(
    (v) => {
      const a = absent(v);
      return typeof a === 'string' && /^-?\d{1,15}$/.test(a.trim()) ? Number(a.trim()) : a;
    },
    z.number({ error: (i) => (i.input === undefined ? M.required : M.notInteger) }).int(M.notInteger).min(min, M.min(min)).max(max, M.max(max)),
  );

export const optInt = (min: number, max: number) => int(min, max).optional();

function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export const optDate = () => z.preprocess(absent, z.string({ error: M.notDate }).trim().refine(isCalendarDate, M.notDate).optional());

const OPTION_CODE = /^[A-Z0-9_+.-]{1,20}$/;
/** Option codes: a JSON array, or one string with codes separated by spaces or commas. Upper-cased. */
export const codeList = (maxItems = 500) =>
  z.preprocess(
    (v) => {
      const a = absent(v);
      if (a === undefined) return [];
      if (typeof a === 'string') return a.split(/[\s,]+/).filter(Boolean).map((c) => c.toUpperCase());
      if (Array.isArray(a)) return a.map((c) => (typeof c === 'string' ? c.trim().toUpperCase() : c));
      return a;
    },
    z.array(z.string({ error: M.notList }).regex(OPTION_CODE, M.notList), { error: M.notList }).max(maxItems, M.tooMany(maxItems)),
  );

/** Vehicle specs: a JSON object or [term, value] pairs, natively (JSONL) or as JSON text (CSV). */
export const pairs = () =>
  z.preprocess(
    (v, ctx) => {
      let a: unknown = absent(v);
      if (a === undefined) return [];
      if (typeof a === 'string') {
        try {
          a = JSON.parse(a) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: M.notPairs });
          return z.NEVER;
        }
      }
      if (a !== null && typeof a === 'object' && !Array.isArray(a)) return Object.entries(a).map(([k, val]) => [k, typeof val === 'number' ? String(val) : val]);
      return a;
    },
    z.array(z.tuple([line(100), line(200)], { error: M.notPairs }), { error: M.notPairs }).max(100, M.tooMany(100)),
  );

/** An image: a relative path inside the folder, or an https address. */
export const image = () =>
  z.preprocess(
    absent,
    z
      .string({ error: M.imagePath })
      .trim()
      .max(300, M.tooLong(300))
      .refine((v) => /^https:\/\/[^\s"'<>\\]+$/.test(v) || (/^[A-Za-z0-9_./-]+$/.test(v) && !v.startsWith('/') && !v.split('/').includes('..')), M.imagePath)
      .optional(),
  );

const fitFields = {
  fit_all: codeList(),
  fit_any: codeList(),
  fit_none: codeList(),
  fit_from: optDate(),
  fit_to: optDate(),
};

const strict = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: (i) => (i.code === 'unrecognized_keys' ? M.unknownField(i.keys) : undefined) });

export const SCHEMAS = {
  catalogue: strict({
    mcid: code(64),
    brand: z.preprocess(absent, z.enum(EPC_CATALOGUE_BRANDS, { error: M.brand })),
    name: line(100),
    img: image(),
  }),
  words: strict({
    term: line(200),
    zh: optLine(200),
    ko: optLine(200),
    en: optLine(200),
    vi: optLine(200),
  }),
  main_groups: strict({
    num: code(32),
    label: line(200),
    img: image(),
  }),
  diagrams: strict({
    diagram: code(64),
    image: image().refine((v) => v !== undefined, M.required),
    max_x: int(1, 100_000),
    max_y: int(1, 100_000),
    hotspot_w: optInt(1, 100_000),
    hotspot_h: optInt(1, 100_000),
  }),
  hotspots: strict({
    diagram: code(64),
    key: code(20),
    x: int(0, 100_000),
    y: int(0, 100_000),
  }),
  nodes: strict({
    mid: code(64),
    num: code(32),
    parent: optCode(64),
    label: line(200),
    description: optText(1000),
    model: optLine(200),
    img: image(),
    diagram: optCode(64),
    ...fitFields,
  }),
  vehicles: strict({
    // Normalised as the search box does (upper case, no spaces), then checked as a full VIN.
    vin: z.preprocess(
      (v) => (typeof v === 'string' ? normalizeVin(v) || undefined : absent(v)),
      z.string({ error: (i) => (i.input === undefined ? M.required : M.notText) }).superRefine((v, ctx) => {
        const checked = checkVin('all', v);
        if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
      }),
    ),
    model_name: line(200),
    year: optInt(1950, 2100),
    production_date: optDate(),
    options: codeList(),
    maindata: pairs(),
  }),
  parts: strict({
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
    refmid: z.preprocess(
      (v) => {
        const a = absent(v);
        if (a === undefined) return [];
        return typeof a === 'string' ? a.split(/[\s;]+/).filter(Boolean) : a;
      },
      z.array(z.string({ error: M.refmid }).regex(/^[A-Za-z0-9_.-]{1,64},[A-Za-z0-9_.-]{1,20}$/, M.refmid), { error: M.refmid }).max(50, M.tooMany(50)),
    ),
    ...fitFields,
  }),
  replacements: strict({
    pid: line(50),
    to: line(50),
    kind: z.preprocess(absent, z.enum(['supersedes', 'interchangeable'], { error: M.kind })),
    remark: optText(500),
  }),
} satisfies Record<TableName, z.ZodType>;

export type Row<T extends TableName> = z.output<(typeof SCHEMAS)[T]>;
