/**
 * Pure rules of the parts catalogue (EPC, docs/requirements.md#parts-catalogue): brands, VIN input rules and decoding,
 * short VINs, applicability → colorvalue, the Asia/Seoul day of the VIN quota, diagram zoom and
 * the part-number search bounds. Server and web both use them.
 */
import { z } from 'zod';
import { MAX_VIN_SEARCHES_PER_DAY } from './constants.js';
import { alphaNumber } from './rules.js';
import { answerOf } from './envelope.js';

// ---------------------------------------------------------------------------------------------
// Brands

/** The brand dropdown of the search bar (docs/requirements.md#catalogue-screens), 'all' first. */
export const EPC_SEARCH_BRANDS = ['all', 'bmw', 'benz', 'jaguar', 'land_rover', 'maserati'] as const;
/** Brands a catalogue can belong to: the dropdown's makers plus audi (its test VIN). */
export const EPC_CATALOGUE_BRANDS = ['bmw', 'benz', 'jaguar', 'land_rover', 'maserati', 'audi'] as const;
export type EpcCatalogueBrand = (typeof EPC_CATALOGUE_BRANDS)[number];
/** Every brand code a VIN search may name. */
export type EpcBrand = 'all' | EpcCatalogueBrand;
export const EPC_BRANDS: readonly EpcBrand[] = ['all', ...EPC_CATALOGUE_BRANDS];

export const EPC_BRAND_LABELS: Record<EpcBrand, string> = {
  all: '전체',
  bmw: 'BMW',
  benz: '벤츠',
  jaguar: '재규어',
  land_rover: '랜드로버',
  maserati: '마세라티',
  audi: '아우디',
};

export function isEpcBrand(value: unknown): value is EpcBrand {
  return typeof value === 'string' && (EPC_BRANDS as readonly string[]).includes(value);
}

export function isEpcCatalogueBrand(value: unknown): value is EpcCatalogueBrand {
  return typeof value === 'string' && (EPC_CATALOGUE_BRANDS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// Messages: the VIN hints, the empty-list texts, and ours where nothing was given (docs/requirements.md#vin-rules)

export const EPC_MSG = {
  vinRequired: '차대번호를 입력하세요.',
  hintFull: '17자리수의 차대번호를 입력하세요.',
  hintShort7: '차대번호 뒤7자리 혹은 17자리를 입력하세요.',
  hintShort8: '차대번호 뒤8자리 혹은 17자리를 입력하세요.',
  vinChars: '차대번호는 영문과 숫자로만 입력하세요.',
  vinIoq: '차대번호에는 I, O, Q를 쓸 수 없습니다.',
  unknownBrand: '지원하지 않는 브랜드입니다.',
  /** A catalogue list or the parts table with nothing in it, an unknown VIN. */
  noInfo: '정보가 없습니다.',
  /** The empty result popup. */
  emptyResult: '현재 조회결과가 없습니다. 요청처리가 진행되었습니다.',
  shortVinAmbiguous: '입력한 뒷자리와 일치하는 차량이 여러 대입니다. 17자리 차대번호를 입력하세요.',
  checkDigitWarning:
    '차대번호 9번째 자리(검증 숫자)가 계산값과 다릅니다. 유럽 차량은 검증 숫자를 쓰지 않는 경우가 많으니 차량 정보를 확인하세요.',
  licenseRequired: '라이선스가 없습니다. 라이선스를 구매한 후 차대번호를 조회하세요.',
  quotaExceeded: `오늘 조회할 수 있는 차대번호 ${MAX_VIN_SEARCHES_PER_DAY}건을 모두 조회했습니다. 오늘 조회한 차대번호는 다시 열 수 있습니다.`,
  vinNotOpened: '오늘 조회한 차대번호가 아닙니다. 차대번호를 먼저 조회하세요.',
  partSearchRequired: '부품번호를 입력하세요.',
  partSearchLength: '부품번호는 2~50자로 입력하세요.',
  partSearchChars: '부품번호에 영문 또는 숫자를 2자 이상 입력하세요.',
  hotKeyTooMany: '부품번호 검색이 너무 잦습니다. 잠시 후 다시 검색하세요.',
  filterRelease: '필터해제',
  filterUse: '필터사용',
  badPage: '페이지 번호가 올바르지 않습니다.',
} as const;

// ---------------------------------------------------------------------------------------------
// VIN input

export const VIN_LENGTH = 17;

/** Accepted VIN lengths per brand (docs/requirements.md#vin-rules): the full 17, or the brand's short VIN. */
export const VIN_LENGTHS: Record<EpcBrand, readonly number[]> = {
  all: [17],
  bmw: [7, 17],
  benz: [8, 17],
  jaguar: [7, 17],
  land_rover: [8, 17],
  // Maserati's length rule said 7, its hint 8 (docs/requirements.md#decisions). We follow the rule (7) and show the
  // 7-digit hint, so what the hint says is what the check accepts.
  maserati: [7, 17],
  audi: [17],
};

/** Length of the short VIN (the last characters) per brand, null where only 17 is accepted. */
export function shortVinLength(brand: EpcBrand): 7 | 8 | null {
  const short = VIN_LENGTHS[brand].find((n) => n !== VIN_LENGTH);
  return short === 7 || short === 8 ? short : null;
}

/** The short VIN a full VIN is found by in its brand's catalogue: its last 7 or 8 characters. */
export function shortVinOf(brand: EpcBrand, vin17: string): string | null {
  const n = shortVinLength(brand);
  return n === null || vin17.length !== VIN_LENGTH ? null : vin17.slice(-n);
}

/** The input hint of the VIN box for a brand (docs/requirements.md#vin-rules). */
export function vinHint(brand: EpcBrand): string {
  const n = shortVinLength(brand);
  return n === 7 ? EPC_MSG.hintShort7 : n === 8 ? EPC_MSG.hintShort8 : EPC_MSG.hintFull;
}

const PLAIN_VIN = /^[A-Z0-9]{1,17}$/;

/**
 * Normalises a typed VIN: full-width letters to ASCII (Korean keyboards), upper case, every
 * space and invisible character removed. It does not cut: the server refuses what is too long.
 */
export function normalizeVin(raw: string): string {
  // Already normal (what the app sends): upper-case ASCII letters and digits, which NFKC keeps.
  if (PLAIN_VIN.test(raw)) return raw;
  return raw
    .normalize('NFKC')
    .replace(/[\s\p{Cf}]+/gu, '')
    .toUpperCase();
}

/** What the VIN box keeps while the user types: normalised and at most 17 characters. */
export function normalizeVinInput(raw: string): string {
  return normalizeVin(raw).slice(0, VIN_LENGTH);
}

export type VinCheck = { ok: true; vin: string; kind: 'full' | 'short' } | { ok: false; vin: string; message: string };

/**
 * Checks a VIN for a brand: characters A-Z and 0-9 only, never I, O or Q (ISO 3779), and one of
 * the brand's lengths. The message is what the user reads.
 */
export function checkVin(brand: string, raw: string): VinCheck {
  const vin = normalizeVin(raw);
  if (!isEpcBrand(brand)) return { ok: false, vin, message: EPC_MSG.unknownBrand };
  if (vin === '') return { ok: false, vin, message: EPC_MSG.vinRequired };
  if (!/^[A-Z0-9]+$/.test(vin)) return { ok: false, vin, message: EPC_MSG.vinChars };
  if (/[IOQ]/.test(vin)) return { ok: false, vin, message: EPC_MSG.vinIoq };
  if (!VIN_LENGTHS[brand].includes(vin.length)) return { ok: false, vin, message: vinHint(brand) };
  return { ok: true, vin, kind: vin.length === VIN_LENGTH ? 'full' : 'short' };
}

// ---------------------------------------------------------------------------------------------
// VIN decoding (ISO 3779 / FMVSS 565 positions; table of public WMI assignments)

/** ISO 3779 letter values for the check digit; I, O and Q never occur. */
const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const CHECK_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit (position 9) a 17-character VIN should carry: '0'-'9' or 'X'. */
export function vinCheckDigit(vin17: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const c = vin17[i]!;
    const value = c >= '0' && c <= '9' ? Number(c) : TRANSLITERATION[c];
    if (value === undefined) throw new Error(`not a VIN character: ${c}`);
    sum += value * CHECK_WEIGHTS[i]!;
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** Model-year codes of position 10; each stands for two years 30 apart. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year of position 10. A code stands for a year in 1980-2009 and the one 30 years
 * later; the later one is taken unless it lies more than a year ahead of `now` (a model year may
 * start in the calendar year before). Codes 0, U, Z and the like (many European VINs) give null.
 */
export function vinModelYear(vin17: string, now: Date = new Date()): number | null {
  const index = YEAR_CODES.indexOf(vin17[9] ?? '');
  if (index < 0) return null;
  const early = 1980 + index;
  const late = early + 30;
  return late <= now.getUTCFullYear() + 1 ? late : early;
}

interface Maker {
  name: string;
  brand: EpcCatalogueBrand | null;
}

/** World manufacturer identifiers (positions 1-3) of the makers a Korean import shop meets. */
const WMI: Record<string, Maker> = {
  // Mercedes-Benz
  WDB: { name: 'Mercedes-Benz', brand: 'benz' },
  WDD: { name: 'Mercedes-Benz', brand: 'benz' },
  WDC: { name: 'Mercedes-Benz (SUV)', brand: 'benz' },
  WDF: { name: 'Mercedes-Benz (밴)', brand: 'benz' },
  W1K: { name: 'Mercedes-Benz', brand: 'benz' },
  W1N: { name: 'Mercedes-Benz (SUV)', brand: 'benz' },
  W1V: { name: 'Mercedes-Benz (밴)', brand: 'benz' },
  WMX: { name: 'Mercedes-AMG', brand: 'benz' },
  '4JG': { name: 'Mercedes-Benz (미국 생산 SUV)', brand: 'benz' },
  '55S': { name: 'Mercedes-Benz (미국 생산)', brand: 'benz' },
  // BMW
  WBA: { name: 'BMW', brand: 'bmw' },
  WBS: { name: 'BMW M', brand: 'bmw' },
  WBY: { name: 'BMW i', brand: 'bmw' },
  '4US': { name: 'BMW (미국 생산)', brand: 'bmw' },
  '5UX': { name: 'BMW (미국 생산 SAV)', brand: 'bmw' },
  '5YM': { name: 'BMW M (미국 생산 SAV)', brand: 'bmw' },
  WMW: { name: 'MINI', brand: null },
  // Audi
  WAU: { name: 'Audi', brand: 'audi' },
  WA1: { name: 'Audi (SUV)', brand: 'audi' },
  WUA: { name: 'Audi Sport', brand: 'audi' },
  TRU: { name: 'Audi (헝가리 생산)', brand: 'audi' },
  // Jaguar Land Rover
  SAJ: { name: 'Jaguar', brand: 'jaguar' },
  SAD: { name: 'Jaguar (SUV)', brand: 'jaguar' },
  SAL: { name: 'Land Rover', brand: 'land_rover' },
  // Maserati
  ZAM: { name: 'Maserati', brand: 'maserati' },
  ZN6: { name: 'Maserati (SUV)', brand: 'maserati' },
  // Others seen at the counter
  WVW: { name: 'Volkswagen', brand: null },
  WVG: { name: 'Volkswagen (SUV)', brand: null },
  WP0: { name: 'Porsche', brand: null },
  WP1: { name: 'Porsche (SUV)', brand: null },
  VF1: { name: 'Renault', brand: null },
  VF3: { name: 'Peugeot', brand: null },
  VF7: { name: 'Citroën', brand: null },
  ZFA: { name: 'Fiat', brand: null },
  ZFF: { name: 'Ferrari', brand: null },
  ZHW: { name: 'Lamborghini', brand: null },
  SCB: { name: 'Bentley', brand: null },
  SCA: { name: 'Rolls-Royce', brand: null },
  SCF: { name: 'Aston Martin', brand: null },
  YV1: { name: 'Volvo', brand: null },
  YV4: { name: 'Volvo (SUV)', brand: null },
  KMH: { name: '현대자동차', brand: null },
  KNA: { name: '기아', brand: null },
  KNM: { name: '르노코리아', brand: null },
  KPT: { name: 'KG모빌리티', brand: null },
  JTD: { name: 'Toyota', brand: null },
  JTH: { name: 'Lexus', brand: null },
  JHM: { name: 'Honda', brand: null },
  '1FA': { name: 'Ford', brand: null },
  '1G1': { name: 'Chevrolet', brand: null },
  '5YJ': { name: 'Tesla', brand: null },
  LRW: { name: 'Tesla (중국 생산)', brand: null },
};

/** Country or region of manufacture by the first one or two characters (ISO 3780 ranges). */
function countryOf(vin: string): string | null {
  const two = vin.slice(0, 2);
  const first = vin[0] ?? '';
  if (first === 'W') return '독일';
  if (two >= 'SA' && two <= 'SM') return '영국';
  if (first === 'Z') return '이탈리아';
  if (two >= 'VF' && two <= 'VR') return '프랑스';
  if (two >= 'VS' && two <= 'VW') return '스페인';
  if (two >= 'YS' && two <= 'YW') return '스웨덴';
  if (two >= 'TR' && two <= 'TV') return '헝가리';
  if (two >= 'KL' && two <= 'KR') return '대한민국';
  if (first === 'J') return '일본';
  if (first === 'L') return '중국';
  if (first === '1' || first === '4' || first === '5') return '미국';
  if (first === '2') return '캐나다';
  if (first === '3') return '멕시코';
  return null;
}

export interface VinDecoded {
  vin: string;
  wmi: string;
  /** Maker of the WMI table, null when the WMI is not in it. */
  manufacturer: string | null;
  /** The catalogue brand of the maker, when it is one of ours. */
  brand: EpcCatalogueBrand | null;
  country: string | null;
  modelYear: number | null;
  /**
   * valid: position 9 is the computed digit; invalid: a digit (or X) that differs, shown as a
   * warning only; absent: a letter there (European VINs often carry no check digit).
   */
  checkDigit: 'valid' | 'invalid' | 'absent';
  expectedCheckDigit: string;
  /** Korean warning to show beside the vehicle (never a refusal). */
  warning: string | null;
}

/** Decodes a checked 17-character VIN; null for anything else. */
export function decodeVin(vin: string, now: Date = new Date()): VinDecoded | null {
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return null;
  const wmi = vin.slice(0, 3);
  const maker = WMI[wmi] ?? null;
  const expected = vinCheckDigit(vin);
  const actual = vin[8]!;
  const checkDigit = actual === expected ? 'valid' : /[0-9X]/.test(actual) ? 'invalid' : 'absent';
  return {
    vin,
    wmi,
    manufacturer: maker?.name ?? null,
    brand: maker?.brand ?? null,
    country: countryOf(vin),
    modelYear: vinModelYear(vin, now),
    checkDigit,
    expectedCheckDigit: expected,
    warning: checkDigit === 'invalid' ? EPC_MSG.checkDigitWarning : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Test VINs (docs/requirements.md#vin-rules): anyone logged in may open them, without licence or quota.

export interface EpcTestVin {
  brand: EpcCatalogueBrand;
  vin: string;
  title: string;
}

/**
 * Invented VINs shaped like real ones: Mercedes-Benz and BMW carry a valid check digit; the Audi
 * is European-style with 'Z' in position 9 (no check digit), as VW group cars for Europe are.
 */
export const EPC_TEST_VINS: readonly EpcTestVin[] = [
  { brand: 'benz', vin: 'WDDZF4JB8HA354812', title: '벤츠 E300 4MATIC (W213) 2017' },
  { brand: 'bmw', vin: 'WBA5R1C09KAK98765', title: 'BMW 330i (G20) 2019' },
  { brand: 'audi', vin: 'WAUZZZ4KZLN012345', title: '아우디 A6 45 TFSI quattro (C8) 2020' },
];

export function isTestVin(vin: string): boolean {
  return EPC_TEST_VINS.some((t) => t.vin === vin);
}

// ---------------------------------------------------------------------------------------------
// Applicability → colorvalue

/**
 * When a structure node or a part applies: the vehicle must carry every code of `all`, at least
 * one of `any` (when given), none of `none`, and be built between `from` and `to` (ISO dates,
 * both inclusive). An absent field does not restrict.
 */
export interface Applicability {
  all?: string[];
  any?: string[];
  none?: string[];
  from?: string;
  to?: string;
}

export interface VehicleFacts {
  options: readonly string[];
  /** ISO date (YYYY-MM-DD) the vehicle was built, null when the catalogue does not know it. */
  productionDate: string | null;
}

/**
 * colorvalue (docs/requirements.md#catalogue-panels): 1 applies to this vehicle, 0 not. A date range cannot be judged for a
 * vehicle without a production date; such parts are shown as fitting (1), because hiding a part
 * that fits costs the buyer more than showing one to check.
 */
export function colorValue(fit: Applicability | null | undefined, vehicle: VehicleFacts): 0 | 1 {
  if (!fit) return 1;
  const has = new Set(vehicle.options);
  if (fit.all && !fit.all.every((c) => has.has(c))) return 0;
  if (fit.any && fit.any.length > 0 && !fit.any.some((c) => has.has(c))) return 0;
  if (fit.none && fit.none.some((c) => has.has(c))) return 0;
  const built = vehicle.productionDate;
  if (built !== null) {
    if (fit.from && built < fit.from) return 0;
    if (fit.to && built > fit.to) return 0;
  }
  return 1;
}

// ---------------------------------------------------------------------------------------------
// VIN quota day

/** Asia/Seoul (TIME_ZONE) is UTC+9 all year: Korea has kept no daylight saving time since 1988. */
const SEOUL_OFFSET_MS = 9 * 3_600_000;

/**
 * The Asia/Seoul calendar day of an instant as YYYY-MM-DD: the day the VIN quota counts in.
 * Computed from the fixed offset: a new Intl formatter per call cost about half a millisecond,
 * and every catalogue call asks for the day.
 */
export function seoulDayKey(at: Date = new Date()): string {
  return new Date(at.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Diagram zoom (docs/requirements.md#catalogue-screens)

export const EPC_ZOOM = { inStep: 0.5, outStep: 0.25, min: 0.5, max: 3, initial: 1 } as const;

/** Zoom in is blocked from 3 on; a step never goes beyond 3. */
export function canZoomIn(scale: number): boolean {
  return scale < EPC_ZOOM.max;
}

export function zoomIn(scale: number): number {
  return canZoomIn(scale) ? Math.min(scale + EPC_ZOOM.inStep, EPC_ZOOM.max) : scale;
}

export function canZoomOut(scale: number): boolean {
  return scale > EPC_ZOOM.min;
}

export function zoomOut(scale: number): number {
  return Math.max(scale - EPC_ZOOM.outStep, EPC_ZOOM.min);
}

// ---------------------------------------------------------------------------------------------
// Catalogue part-number search (2-50 characters)

export const EPC_PART_SEARCH = { min: 2, max: 50 } as const;

/**
 * The search box's keyword: 2-50 characters as typed (trimmed), and at least two letters or
 * digits once spaces, dots and dashes are dropped (part numbers compare by `alphaNumber`, as the
 * shop's products do).
 */
export const epcPartSearchKeyword = z
  .string({ error: EPC_MSG.partSearchRequired })
  .trim()
  .min(1, EPC_MSG.partSearchRequired)
  .min(EPC_PART_SEARCH.min, EPC_MSG.partSearchLength)
  .max(EPC_PART_SEARCH.max, EPC_MSG.partSearchLength)
  .refine((v) => alphaNumber(v).length >= EPC_PART_SEARCH.min, EPC_MSG.partSearchChars);

// ---------------------------------------------------------------------------------------------
// Catalogue calls (epc/…) and the part-number search across catalogues (docs/requirements.md#catalogue-calls): payloads and answers

/** Anything but control characters: catalogue codes come from the importer, which refuses those. */
const noControl = (s: string) => !/[\p{Cc}\p{Cs}]/u.test(s);
const codeText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, message).refine(noControl, message);
/** KR (default), CN, EN, VN; anything else is answered in Korean. */
const epcLangField = z.string().max(10).optional();
const vinText = z.string({ error: EPC_MSG.vinRequired }).max(100, EPC_MSG.hintFull);
const brandText = z.string({ error: EPC_MSG.unknownBrand }).max(20, EPC_MSG.unknownBrand);
/** The deeper calls name the vehicle by the full VIN the search answered and its catalogue. */
const vehicleKey = {
  vin: codeText(EPC_MSG.hintFull, 17),
  mcid: codeText(EPC_MSG.noInfo),
  brand: brandText.optional(),
  lang: epcLangField,
};

export const epcHistoryRequest = z.object({ brand_code: brandText });
export const epcVinRequest = z.object({ brand: brandText.default('all'), vin: vinText, lang: epcLangField });
export const epcGroupRequest = z.object(vehicleKey);
/** The spec's client sends brand_code, vin_number and lang; mcid (ours) names the catalogue when a VIN is in several. */
export const epcConfigRequest = z.object({
  brand_code: brandText.optional(),
  vin_number: codeText(EPC_MSG.hintFull, 17),
  mcid: codeText(EPC_MSG.noInfo).optional(),
  lang: epcLangField,
});
export const epcStructureRequest = z.object({
  ...vehicleKey,
  num: codeText(EPC_MSG.noInfo),
  /** Child groups: the sub group's mid (maingroup and level are accepted as the spec sends them). */
  subgroup: codeText(EPC_MSG.noInfo).optional(),
  maingroup: z.string().max(100).optional(),
  level: z.union([z.string().max(10), z.number()]).optional(),
});
export const epcPartsRequest = z.object({
  ...vehicleKey,
  mid: codeText(EPC_MSG.noInfo),
  num: z.string().max(100).optional(),
  subgroup: z.string().max(100).optional(),
  /** true, or filter 1: only parts (and hotspots) that fit the vehicle (docs/requirements.md#catalogue-panels). */
  isShowColorvalue: z.boolean().optional(),
  filter: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
});
export const epcHotKeyRequest = z.object({
  ...vehicleKey,
  searchHotKey: z.string({ error: EPC_MSG.partSearchRequired }).max(200, EPC_MSG.partSearchLength),
});
/**
 * `vin` and `mcid` are ours (optional): the vehicle the part was found on. Without a licence,
 * replacements are answered only within the catalogue of a VIN the company may open (a test VIN).
 */
export const epcReplaceRequest = z.object({
  pid: codeText(EPC_MSG.partSearchRequired, 50),
  brand_code: brandText.optional(),
  vin: codeText(EPC_MSG.hintFull, 17).optional(),
  mcid: codeText(EPC_MSG.noInfo).optional(),
});
const pageNumber = z.coerce
  .number({ error: EPC_MSG.badPage })
  .int(EPC_MSG.badPage)
  .min(1, EPC_MSG.badPage)
  .max(10_000, EPC_MSG.badPage)
  .default(1);
const pageSize = z.coerce
  .number({ error: EPC_MSG.badPage })
  .int(EPC_MSG.badPage)
  .min(1, EPC_MSG.badPage)
  .max(100, EPC_MSG.badPage)
  .default(20);
/** The part-number search across every catalogue. */
export const epcPartSearchRequest = z.object({
  objSearchMapper: z.object({
    searchKeyword: z.string({ error: EPC_MSG.partSearchRequired }).max(200, EPC_MSG.partSearchLength),
    page: pageNumber,
    size: pageSize,
  }),
  lang: epcLangField,
});

const int = z.number().int();
const brandLabel = z.object({ code: z.string(), label: z.string() });
const testVinItem = z.object({ brand: z.string(), vin: z.string(), title: z.string() });

/** epc/initEpc: what the catalogue popup needs before the first search. */
export const epcInitAnswer = z.object({
  code: int,
  message: z.string(),
  results: z.object({
    brands: z.array(brandLabel),
    /** The three test VINs (offered when the licence is 0). */
    testVins: z.array(testVinItem),
    licenseDays: int,
    userSearchVinCount: int,
    maxVinSearches: int,
  }),
  total: int,
});
export type EpcInit = z.infer<typeof epcInitAnswer>['results'];

export const epcHistoryItem = z.object({ vin: z.string(), title: z.string(), brand: z.string() });
export const epcHistoryAnswer = answerOf(z.object({ data: z.array(epcHistoryItem) }));

const vinDecoded = z.object({
  vin: z.string(),
  wmi: z.string(),
  manufacturer: z.string().nullable(),
  brand: z.string().nullable(),
  country: z.string().nullable(),
  modelYear: int.nullable(),
  checkDigit: z.enum(['valid', 'invalid', 'absent']),
  expectedCheckDigit: z.string(),
  warning: z.string().nullable(),
});

/** Vehicle info (getCarsVinEx), plus the day's count after this search. */
export const epcVehicleInfo = z.object({
  data: z.object({
    vin: z.string(),
    year: int.nullable(),
    model_name: z.string(),
    name: z.string(),
    maindata: z.record(z.string(), z.string()),
    decoded: vinDecoded.nullable(),
  }),
  brand_code: z.string(),
  mcid: z.string(),
  imglogo: z.string(),
  /** VINs the company opened today, this one included (userSearchVinCount). */
  userSearchVinCount: int,
  /** Whether this search used one of the day's 30 (false: reopened, or a test VIN). */
  charged: z.boolean(),
  testVin: z.boolean(),
});
export type EpcVehicleInfo = z.infer<typeof epcVehicleInfo>;
export const epcVinAnswer = answerOf(epcVehicleInfo);

export const epcMainGroup = z.object({ num: z.string(), mcid: z.string(), label: z.string(), img: z.string() });
export type EpcMainGroup = z.infer<typeof epcMainGroup>;
export const epcGroupAnswer = answerOf(z.array(epcMainGroup));

export const epcConfigAnswer = answerOf(
  z.object({ main_data: z.record(z.string(), z.string()), options: z.array(z.string()) }),
);

export const epcStructureNode = z.object({
  level: int,
  subgroup: z.string(),
  has_child: z.union([z.literal(0), z.literal(1)]),
  mid: z.string(),
  name: z.string(),
  description: z.string(),
  model: z.string(),
  img: z.string(),
  colorvalue: z.union([z.literal(0), z.literal(1)]),
  fullPath: z.string(),
});
export type EpcStructureNode = z.infer<typeof epcStructureNode>;
export const epcStructureAnswer = answerOf(z.array(epcStructureNode));

/** A shop product sold under a part's OE number, priced for the caller's company (docs/requirements.md#catalogue-data). */
export const epcPartProduct = z.object({
  seq: int,
  name: z.string(),
  pid: z.string(),
  price: int,
  salePrice: int,
  hasAmount: int,
  stockName: z.string(),
  storageId: int,
  imgFiles: z.array(z.string()),
  companyId: int,
});
export type EpcPartProduct = z.infer<typeof epcPartProduct>;

export const epcPart = z.object({
  pnum: z.string(),
  itid: z.string(),
  itid2: z.string(),
  pid: z.string(),
  standard_label: z.string(),
  label: z.string(),
  quantity: z.string(),
  model: z.string(),
  stituteStatus: z.string(),
  remark: z.string(),
  refmid: z.array(z.string()),
  colorvalue: z.union([z.literal(0), z.literal(1)]),
  products: z.array(epcPartProduct),
});
export type EpcPart = z.infer<typeof epcPart>;

export const epcImgPoint = z.object({
  hsKey: z.string(),
  hsX: z.number(),
  hsY: z.number(),
  maxX: z.number(),
  maxY: z.number(),
});
export type EpcImgPoint = z.infer<typeof epcImgPoint>;

export const epcPartsResult = z.object({
  part_detail: z.array(epcPart),
  img_path: z.string(),
  img_points: z.array(epcImgPoint),
  pctWidth: z.number(),
  pctHeight: z.number(),
  num: z.string(),
  subgroup: z.string(),
  fullPath: z.string(),
});
export type EpcPartsResult = z.infer<typeof epcPartsResult>;
export const epcPartsAnswer = answerOf(epcPartsResult);

export const epcReplacement = z.object({
  pid: z.string(),
  relation: z.enum(['newer', 'older', 'interchangeable']),
  distance: int,
  remark: z.string(),
});
export type EpcReplacement = z.infer<typeof epcReplacement>;
export const epcReplaceAnswer = answerOf(z.object({ data: z.array(epcReplacement) }));

export const epcPartHit = z.object({
  pid: z.string(),
  label: z.string(),
  brand: z.string(),
  mcid: z.string(),
  catalogue: z.string(),
  num: z.string(),
  mid: z.string(),
  subgroup: z.string(),
  pnum: z.string(),
});
export type EpcPartHit = z.infer<typeof epcPartHit>;
/** getCarsSearchHotKey: hits within the vehicle's catalogue, each with the group that shows it. */
export const epcHotKeyAnswer = answerOf(z.object({ partInfo: z.array(epcPartHit), more: z.boolean() }));
/** The objSearchMapper search: hits across catalogues, a page and whether another follows. */
export const epcPartSearchAnswer = answerOf(z.array(epcPartHit)).extend({ more: z.boolean() });
