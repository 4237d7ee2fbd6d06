import { z } from 'zod';
import { answerOf, emptyAnswer, pageAnswerOf } from './envelope.js';
import { MSG } from './messages.js';
import { MSG_SHOP } from './messages-shop.js';
import { EPC_MSG, EPC_PART_MAX } from './epc-vin.js';
import { PAGE_SIZE } from './constants.js';
import { fromDigits, pageNumber, pageSize, rowId } from './page-fields.js';
import { linesField } from './text-field.js';
import { fitVehicle, fullVinField } from './vehicles.js';

const int = z.number().int();

/** A product as the API sends it; price fields are absent for visitors (docs/requirements.md#prices-and-tiers). */
export const productView = z.object({
  seq: int,
  name: z.string(),
  pid: z.string(),
  factoryNum: z.string(),
  type: int,
  hasAmount: int,
  stock: int,
  stockName: z.string(),
  storageId: int,
  imgFiles: z.array(z.string()),
  image: z.string(),
  detailInfo: z.string(),
  /** Absent in lists; the product page and popups read it. */
  description: z.string().optional(),
  category: z.string(),
  brand: z.string(),
  companyId: int,
  /** The member's tier price (absent for visitors). */
  price: int.optional(),
  salePrice: int.optional(),
  /**
   * Ours, on the product page and popup for a company member: the company's vehicles this product
   * (or a number of its chain) fits in the catalogue (docs/requirements.md#my-vehicles).
   */
  fitsMyVehicles: z.array(fitVehicle).optional(),
});
export type ProductView = z.infer<typeof productView>;

/**
 * A row of a search: why it matched (docs/search.md#part-numbers). Fields of ours, absent
 * from a plain listing: `matchKind` own / replaced / interchangeable / name / similar, `matchReason`
 * the line the buyer reads ('품번 일치', '대체품번 (이전 번호 X → 현재 Y)', '호환품번').
 */
export const productHit = productView.extend({
  matchKind: z.enum(['own', 'replaced', 'interchangeable', 'name', 'similar']).optional(),
  matchReason: z.string().optional(),
});
export type ProductHit = z.infer<typeof productHit>;

/**
 * api/getProductHome: a page of the grid; `more` tells whether another page follows. `searchedAs`
 * (ours, docs/search.md#one-box): what a keyword was searched as — a part number, the words of a
 * name, or words of which one was taken with a typo or as Hangul typed with the input left in English.
 * `unmatchedWord` (ours): when a name search found nothing because no product's name has one of its
 * words, nor a reading of it ('벤츠 패드 순정': 순정), that word, so the screen can offer the search
 * without it (docs/search.md#a-word-no-product-has).
 */
export const productListAnswer = answerOf(z.array(productHit)).extend({
  more: z.boolean(),
  searchedAs: z.enum(['number', 'name', 'similar']).optional(),
  unmatchedWord: z.string().optional(),
});
export type ProductListAnswer = z.infer<typeof productListAnswer>;
/** api/suggestProducts: what the search bar offers while the buyer types (docs/search.md#korean-name-search). */
export const suggestRequest = z.object({
  keyword: z
    .string({ error: MSG_SHOP.suggestKeyword })
    .trim()
    .min(1, MSG_SHOP.suggestKeyword)
    .max(100, MSG_SHOP.suggestKeyword),
});
export type SuggestRequest = z.input<typeof suggestRequest>;
export const productSuggestion = productHit.pick({
  seq: true,
  name: true,
  pid: true,
  image: true,
  stock: true,
  stockName: true,
  price: true,
  matchKind: true,
  matchReason: true,
});
export type ProductSuggestion = z.infer<typeof productSuggestion>;
export const categorySuggestion = z.object({ key: z.string(), label: z.string() });
export const suggestAnswer = answerOf(
  z.object({ products: z.array(productSuggestion), categories: z.array(categorySuggestion) }),
);
export type SuggestAnswer = z.infer<typeof suggestAnswer>;
/** At most this many products in the suggestions. */
export const SUGGEST_PRODUCTS = 8;

/** api/getProductHomeDetail and api/getProductInfo. */
export const productAnswer = answerOf(productView);
/** api/getEpcToProduct: the shop's products of a catalogue part number. */
export const epcToProductAnswer = answerOf(z.object({ partInfo: z.array(productView) }));

const page = pageNumber(MSG_SHOP.badPage);
const size = (fallback: number) => pageSize(fallback, MSG_SHOP.badSize);
const keyword = z
  .string({ error: MSG.keywordType })
  .max(200, MSG_SHOP.keywordTooLong)
  .transform((s) => s.trim())
  .optional();
const seq = rowId(MSG_SHOP.badSeq);

export const productHomeRequest = z.object({
  searchType: z.enum(['name', 'pid', ''], { error: MSG_SHOP.searchTypeInvalid }).optional(),
  searchKeyword: keyword,
  /** Alias of searchKeyword (the home route's query parameter). */
  keyword,
  category: z.string().max(20).optional(),
  seq: seq.optional(),
  /** Ours: only products that fit this vehicle of the member's company ('내 차량에 맞는 부품'). */
  fitsVin: fullVinField.optional(),
  page,
  size: size(PAGE_SIZE.homeFirst),
});
export type ProductHomeRequest = z.input<typeof productHomeRequest>;

export const productDetailRequest = z.object({ seq, page: page.optional(), size: size(10).optional() });
export const epcToProductRequest = z.object({
  pid: z.string().trim().min(1, MSG_SHOP.pidRequired).max(EPC_PART_MAX, EPC_MSG.partTooLong),
});

export const noticeRequest = z.object({
  seq: rowId(MSG_SHOP.badNoticeSeq).optional(),
  searchType: z.enum(['title', 'content', 'all', '']).optional(),
  searchKeyword: keyword,
  type: fromDigits(
    z
      .number({ error: MSG_SHOP.badNoticeType })
      .int(MSG_SHOP.badNoticeType)
      .refine((t) => [0, 2, 3].includes(t), MSG_SHOP.badNoticeType),
  ).optional(),
  page,
  size: size(PAGE_SIZE.notice),
});

/**
 * A row of the notice list, with its (sanitised HTML) content: the original client's profile shows a
 * row's content in its detail panel with no second call (docs/requirements.md#entities, Notice).
 */
export const noticeRow = z.object({
  seq: int,
  type: int,
  title: z.string(),
  content: z.string(),
  created: z.iso.datetime(),
});
export type NoticeRow = z.infer<typeof noticeRow>;
/** A notice with its (sanitised HTML) content: the same fields as a row of the list. */
export const noticeDetail = noticeRow;
export type NoticeDetail = z.infer<typeof noticeDetail>;
/** api/getMallNotice: a page of the list, or with `seq` one notice. */
export const noticeListAnswer = pageAnswerOf(noticeRow);
export const noticeDetailAnswer = answerOf(noticeDetail);
export const noticeAnswer = z.union([noticeListAnswer, noticeDetailAnswer]);

/** A term of the body-parts reference table (/carInfo). */
export const bodyPart = z.object({
  seq: int,
  page: int,
  nameCn: z.string(),
  nameKo: z.string(),
  description: z.string(),
});
export type BodyPart = z.infer<typeof bodyPart>;
export const bodyPartsAnswer = answerOf(z.array(bodyPart));

export const INQUIRY_TYPES = [
  { key: 'partnership', label: '제휴 문의' },
  { key: 'advertising', label: '광고 문의' },
] as const;

export const inquiryRequest = z.object({
  qnaType: z.enum(['partnership', 'advertising'], { error: MSG_SHOP.inquiryType }),
  phone: z
    .string({ error: MSG_SHOP.inquiryPhone })
    .trim()
    .regex(/^\d{10,11}$/, MSG_SHOP.inquiryPhone),
  content: linesField(10, 200, MSG_SHOP.inquiryContent),
});
export type InquiryRequest = z.input<typeof inquiryRequest>;

/** api/registerInquiry: 201 and the thank-you message. */
export const inquiryAnswer = emptyAnswer;
