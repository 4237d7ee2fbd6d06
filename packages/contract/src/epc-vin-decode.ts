/** VIN decoding of the parts catalogue: check digit, model year, maker and country. */
import { EPC_MSG, VIN_LENGTH } from './epc-vin.js';
import type { EpcCatalogueBrand } from './epc-vin.js';

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
