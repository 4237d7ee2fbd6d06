/**
 * Pure rules of the parts catalogue (EPC, docs/requirements.md#parts-catalogue): brands, the messages,
 * VIN input rules, short VINs and the test VINs. Server and web both use them. The rest lives by concern in
 * epc-vin-decode.ts (VIN decoding), epc-rules.ts (applicability, the VIN quota day, zoom, part-number search)
 * and epc-calls.ts (the catalogue calls' payloads and answers).
 */
import { MAX_VIN_SEARCHES_PER_DAY } from './constants.js';

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

// ---------------------------------------------------------------------------------------------
// Messages: the VIN hints, the empty-list texts, and ours where nothing was given (docs/requirements.md#vin-rules)

/** The longest part number the catalogue calls take (a catalogue's numbers are at most 50 characters). */
export const EPC_PART_MAX = 50;

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
  /** An unknown VIN whose maker (decoded from it) has no catalogue here. */
  makerNoCatalogue: (maker: string) => `${maker} 차량은 카탈로그에서 조회할 수 없습니다.`,
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
  partTooLong: `부품번호는 ${EPC_PART_MAX}자 이내로 입력하세요.`,
  partBadChars: '부품번호에 쓸 수 없는 문자가 있습니다.',
  hotKeyTooMany: '부품번호 검색이 너무 잦습니다. 잠시 후 다시 검색하세요.',
  filterRelease: '필터해제',
  filterUse: '필터사용',
  badPage: '페이지 번호가 올바르지 않습니다.',
  badPageSize: '한 번에 1~100개까지 조회할 수 있습니다.',
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
