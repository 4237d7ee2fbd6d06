/**
 * The carriers an order ships with: tracker.delivery's carrier codes for the parcel and freight
 * companies, plus two ways without a waybill ('직접 배송', '퀵'). Each has its Korean name, the names
 * staff type for it, a link to its own tracking page, and the shape of its waybill numbers.
 *
 * Waybill shapes are what each carrier's numbers look like in practice, not a published standard:
 * none of these carriers documents its numbering. Only digits and lengths are checked (no check
 * digit), so a real number is never refused; the notes say where a rule is an approximation.
 */

export type CarrierCode =
  | 'kr.cjlogistics'
  | 'kr.lotte'
  | 'kr.hanjin'
  | 'kr.logen'
  | 'kr.epost'
  | 'kr.kdexp'
  | 'kr.daesin'
  | 'kr.ilyanglogis'
  | 'direct'
  | 'quick';

export interface Carrier {
  code: CarrierCode;
  name: string;
  /** Other names staff write for it (older company names, short forms); matched loosely. */
  aliases: readonly string[];
  /** False for '직접 배송' and '퀵': nothing to track. */
  tracked: boolean;
  /** The carrier's tracking page for one waybill; `{waybill}` is replaced (null when not tracked). */
  trackingUrl: string | null;
  /** Digits only (after `normalizeWaybill`), lengths as the carrier's numbers are. */
  waybill: RegExp | null;
  /** What the rule accepts, for the message staff see ('10자리 또는 12자리 숫자'). */
  waybillHint: string;
}

export const CARRIERS: readonly Carrier[] = [
  {
    code: 'kr.cjlogistics',
    name: 'CJ대한통운',
    aliases: ['대한통운', 'CJ', 'CJ택배', 'CJ GLS', '씨제이대한통운', 'CJ대한통운택배'],
    tracked: true,
    trackingUrl: 'https://trace.cjlogistics.com/next/tracking.html?wblNo={waybill}',
    // 12 digits today; 10-digit numbers were issued before and are still tracked.
    waybill: /^(\d{10}|\d{12})$/,
    waybillHint: '10자리 또는 12자리 숫자',
  },
  {
    code: 'kr.lotte',
    name: '롯데택배',
    aliases: ['롯데', '롯데글로벌로지스', '현대택배', '롯데로지스틱스'],
    tracked: true,
    trackingUrl: 'https://www.lotteglogis.com/open/tracking?invno={waybill}',
    // 12 digits on current labels; approximation: old 현대택배 numbers of 10 digits are let through.
    waybill: /^(\d{10}|\d{12}|\d{13})$/,
    waybillHint: '10, 12 또는 13자리 숫자',
  },
  {
    code: 'kr.hanjin',
    name: '한진택배',
    aliases: ['한진', '한진택배'],
    tracked: true,
    trackingUrl:
      'https://www.hanjin.com/kor/CMS/DeliveryMgr/WaybillResult.do?mCode=MN038&schLang=KR&wblnumText2={waybill}',
    // 12 digits on current labels; 10-digit older numbers accepted (approximation).
    waybill: /^(\d{10}|\d{12})$/,
    waybillHint: '10자리 또는 12자리 숫자',
  },
  {
    code: 'kr.logen',
    name: '로젠택배',
    aliases: ['로젠', '로젠택배'],
    tracked: true,
    trackingUrl: 'https://www.ilogen.com/web/personal/trace/{waybill}',
    // 11 digits.
    waybill: /^\d{11}$/,
    waybillHint: '11자리 숫자',
  },
  {
    code: 'kr.epost',
    name: '우체국택배',
    aliases: ['우체국', '우체국소포', '우편', '우정사업본부', 'EPOST'],
    tracked: true,
    trackingUrl: 'https://service.epost.go.kr/trace.RetrieveDomRigiTraceList.comm?sid1={waybill}',
    // Domestic registered parcels: 13 digits.
    waybill: /^\d{13}$/,
    waybillHint: '13자리 숫자',
  },
  {
    code: 'kr.kdexp',
    name: '경동택배',
    aliases: ['경동', '경동화물', '경동택배', '경동합동택배', 'KD'],
    tracked: true,
    trackingUrl: 'https://kdexp.com/service/delivery/etc/delivery.do?barcode={waybill}',
    // Approximation: freight slips seen between 9 and 16 digits (branch-dependent).
    waybill: /^\d{9,16}$/,
    waybillHint: '9-16자리 숫자',
  },
  {
    code: 'kr.daesin',
    name: '대신택배',
    aliases: ['대신', '대신화물', '대신택배'],
    tracked: true,
    trackingUrl: 'https://www.ds3211.co.kr/freight/internalFreightSearch.ht?billno={waybill}',
    // Approximation: 13 digits on current slips; 10-12 digit older ones accepted.
    waybill: /^\d{10,13}$/,
    waybillHint: '10-13자리 숫자',
  },
  {
    code: 'kr.ilyanglogis',
    name: '일양로지스',
    aliases: ['일양', '일양택배', '일양로지스'],
    tracked: true,
    trackingUrl: 'https://www.ilyanglogis.com/functionality/tracking_result.asp?hawb_no={waybill}',
    // Approximation: 10 digits usual, 9-12 accepted.
    waybill: /^\d{9,12}$/,
    waybillHint: '9-12자리 숫자',
  },
  {
    code: 'direct',
    name: '직접 배송',
    aliases: ['직접배송', '직배송', '직배', '자가배송', '직접'],
    tracked: false,
    trackingUrl: null,
    waybill: null,
    waybillHint: '',
  },
  {
    code: 'quick',
    name: '퀵',
    aliases: ['퀵서비스', '퀵배송', '오토바이퀵', '다마스퀵'],
    tracked: false,
    trackingUrl: null,
    waybill: null,
    waybillHint: '',
  },
];

const BY_CODE = new Map(CARRIERS.map((c) => [c.code as string, c]));

export function carrierByCode(code: string): Carrier | undefined {
  return BY_CODE.get(code);
}

/** Spaces, hyphens, dots and case do not matter when a name is typed: 'cj 대한통운' = 'CJ대한통운'. */
function nameKey(value: string): string {
  return value
    .normalize('NFC')
    .toLowerCase()
    .replace(/주식회사|\(주\)|㈜/g, '')
    .replace(/[\s\-_.·()]+/g, '');
}

const BY_NAME = new Map<string, Carrier>();
for (const c of CARRIERS) for (const n of [c.code, c.name, ...c.aliases]) BY_NAME.set(nameKey(n), c);

/**
 * The carrier a typed name means ('CJ대한통운', '대한통운', '경동택배', 'kr.kdexp'), or undefined. Also
 * accepts '<name>택배' and '<name>화물' forms of the listed names ('로젠' → '로젠택배').
 */
export function carrierFromName(typed: string): Carrier | undefined {
  const key = nameKey(typed);
  if (!key) return undefined;
  return BY_NAME.get(key) ?? BY_NAME.get(key.replace(/(택배|화물|로지스틱스)$/, ''));
}

/** Staff paste waybills with hyphens and spaces ('6012-3456-7890'): only the digits count. */
export function normalizeWaybill(value: string): string {
  return value.replace(/[\s-]+/g, '');
}

/**
 * True when `waybill` (normalised) has the shape of `carrier`'s numbers. A carrier without waybills
 * ('직접 배송', '퀵') takes an empty one only.
 */
export function isWaybillValid(carrier: Carrier, waybill: string): boolean {
  const w = normalizeWaybill(waybill);
  return carrier.waybill ? carrier.waybill.test(w) : w === '';
}

/** The carrier's tracking page for a waybill, or null when it has none. */
export function trackingLink(carrier: Carrier, waybill: string): string | null {
  if (!carrier.trackingUrl) return null;
  return carrier.trackingUrl.replace('{waybill}', encodeURIComponent(normalizeWaybill(waybill)));
}
