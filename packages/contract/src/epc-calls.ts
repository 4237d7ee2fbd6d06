/** The catalogue calls (epc/…) and the part-number search across catalogues: payloads and answers. */
import { z } from 'zod';
import { answerOf } from './envelope.js';
import { EPC_MSG, EPC_PART_MAX, isEpcBrand } from './epc-vin.js';
import { wholeNumber } from './page-fields.js';

// ---------------------------------------------------------------------------------------------
// Catalogue calls (epc/…) and the part-number search across catalogues (docs/requirements.md#catalogue-calls): payloads and answers

/** Anything but control characters: catalogue codes come from the importer, which refuses those. */
const noControl = (s: string) => !/[\p{Cc}\p{Cs}]/u.test(s);
/**
 * A code or number typed or sent: `message` when it is missing, `tooLong` when it is longer than
 * `max` (a buyer told only '입력하세요' for a number they did type would not know what to fix), and
 * `badChars` for control characters.
 */
const codeText = (message: string, max = 100, tooLong = message, badChars = message) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong).refine(noControl, badChars);
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

/** The history's brand: one of the VIN search's, or '' for all; another is refused as getCarsVinEx refuses it. */
export const epcHistoryRequest = z.object({
  brand_code: brandText.refine((code) => code === '' || isEpcBrand(code), EPC_MSG.unknownBrand),
});
export const epcVinRequest = z.object({ brand: brandText.default('all'), vin: vinText, lang: epcLangField });
export const epcGroupRequest = z.object(vehicleKey);
/** The original client sends brand_code, vin_number and lang; mcid (ours) names the catalogue when a VIN is in several. */
export const epcConfigRequest = z.object({
  brand_code: brandText.optional(),
  vin_number: codeText(EPC_MSG.hintFull, 17),
  mcid: codeText(EPC_MSG.noInfo).optional(),
  lang: epcLangField,
});
export const epcStructureRequest = z.object({
  ...vehicleKey,
  num: codeText(EPC_MSG.noInfo),
  /** Child groups: the sub group's mid (maingroup and level are accepted as the original client sends them). */
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
  pid: codeText(EPC_MSG.partSearchRequired, EPC_PART_MAX, EPC_MSG.partTooLong, EPC_MSG.partBadChars),
  brand_code: brandText.optional(),
  vin: codeText(EPC_MSG.hintFull, 17).optional(),
  mcid: codeText(EPC_MSG.noInfo).optional(),
});
const pageNumber = wholeNumber(1, 10_000, EPC_MSG.badPage).default(1);
const pageSize = wholeNumber(1, 100, EPC_MSG.badPageSize).default(20);
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
/**
 * getCarsSearchHotKey: hits within the vehicle's catalogue, each with the group that shows it, and
 * where the first hit sits, as getCarsStructureEx and getCarsPartsEx answer it: its sub group, its
 * child group (null when the drawing hangs directly under the sub group) and the parts of its
 * drawing. Without a hit: null, null and [].
 */
export const epcHotKeyAnswer = answerOf(
  z.object({
    childGroupInfo: epcStructureNode.nullable(),
    subGroupInfo: epcStructureNode.nullable(),
    partInfo: z.array(epcPartHit),
    partDetailInfo: z.array(epcPart),
    more: z.boolean(),
  }),
);
/** The objSearchMapper search: hits across catalogues, a page and whether another follows. */
export const epcPartSearchAnswer = answerOf(z.array(epcPartHit)).extend({ more: z.boolean() });
