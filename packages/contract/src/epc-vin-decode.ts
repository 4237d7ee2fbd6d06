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

/**
 * World manufacturer identifiers (positions 1-3) of the makers a Korean import shop meets: each
 * maker's WMIs, grouped by the catalogue brand they open (null: a maker without a catalogue here).
 */
const MAKERS: [EpcCatalogueBrand | null, Record<string, string[]>][] = [
  [
    'benz',
    {
      'Mercedes-Benz': ['WDB', 'WDD', 'W1K'],
      'Mercedes-Benz (SUV)': ['WDC', 'W1N'],
      'Mercedes-Benz (밴)': ['WDF', 'W1V'],
      'Mercedes-AMG': ['WMX'],
      'Mercedes-Benz (미국 생산 SUV)': ['4JG'],
      'Mercedes-Benz (미국 생산)': ['55S'],
    },
  ],
  [
    'bmw',
    {
      BMW: ['WBA'],
      'BMW M': ['WBS'],
      'BMW i': ['WBY'],
      'BMW (미국 생산)': ['4US'],
      'BMW (미국 생산 SAV)': ['5UX'],
      'BMW M (미국 생산 SAV)': ['5YM'],
    },
  ],
  ['audi', { Audi: ['WAU'], 'Audi (SUV)': ['WA1'], 'Audi Sport': ['WUA'], 'Audi (헝가리 생산)': ['TRU'] }],
  ['jaguar', { Jaguar: ['SAJ'], 'Jaguar (SUV)': ['SAD'] }],
  ['land_rover', { 'Land Rover': ['SAL'] }],
  ['maserati', { Maserati: ['ZAM'], 'Maserati (SUV)': ['ZN6'] }],
  // Others seen at the counter (MINI with BMW's group, but no catalogue of its own).
  [
    null,
    {
      MINI: ['WMW'],
      Volkswagen: ['WVW'],
      'Volkswagen (SUV)': ['WVG'],
      Porsche: ['WP0'],
      'Porsche (SUV)': ['WP1'],
      Renault: ['VF1'],
      Peugeot: ['VF3'],
      Citroën: ['VF7'],
      Fiat: ['ZFA'],
      Ferrari: ['ZFF'],
      Lamborghini: ['ZHW'],
      Bentley: ['SCB'],
      'Rolls-Royce': ['SCA'],
      'Aston Martin': ['SCF'],
      Volvo: ['YV1'],
      'Volvo (SUV)': ['YV4'],
      현대자동차: ['KMH'],
      기아: ['KNA'],
      르노코리아: ['KNM'],
      KG모빌리티: ['KPT'],
      Toyota: ['JTD'],
      Lexus: ['JTH'],
      Honda: ['JHM'],
      Ford: ['1FA'],
      Chevrolet: ['1G1'],
      Tesla: ['5YJ'],
      'Tesla (중국 생산)': ['LRW'],
    },
  ],
];

/** The maker and catalogue brand of each WMI, from the table above. */
const WMI = new Map(
  MAKERS.flatMap(([brand, makers]) =>
    Object.entries(makers).flatMap(([name, wmis]) => wmis.map((wmi) => [wmi, { name, brand }] as const)),
  ),
);

/**
 * Country or region of manufacture (ISO 3780): a first character, or a range of the first two
 * characters ('SA-SM': SA to SM in character order).
 */
const COUNTRIES: [string, string][] = [
  ['W', '독일'],
  ['SA-SM', '영국'],
  ['Z', '이탈리아'],
  ['VF-VR', '프랑스'],
  ['VS-VW', '스페인'],
  ['YS-YW', '스웨덴'],
  ['TR-TV', '헝가리'],
  ['KL-KR', '대한민국'],
  ['J', '일본'],
  ['L', '중국'],
  ['1', '미국'],
  ['4', '미국'],
  ['5', '미국'],
  ['2', '캐나다'],
  ['3', '멕시코'],
];

function countryOf(vin: string): string | null {
  const two = vin.slice(0, 2);
  const found = COUNTRIES.find(([codes]) => {
    const [from, to] = codes.split('-') as [string, string?];
    return to === undefined ? vin[0] === from : two >= from && two <= to;
  });
  return found?.[1] ?? null;
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
  const maker = WMI.get(wmi);
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
