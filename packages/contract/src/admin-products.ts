/** The back office's products (list, edit, stock, pictures, CSV) and the catalogue upload. */
import { z } from 'zod';
import { answerOf, pageAnswerOf } from './envelope.js';
import { MSG_ADMIN, STOCK_MAX } from './admin-menu.js';
import { int, instant, page, size, keyword, reason, won, readAtVer, listSort } from './admin-fields.js';
import { PAGE_SIZE } from './constants.js';
import { rowId } from './page-fields.js';
import { plainLines, plainText, textField } from './text-field.js';

/** A product's id: a number or a string of digits, else '상품을 선택하세요.' (docs/requirements.md#validation). */
const productSeq = rowId(MSG_ADMIN.selectProduct);
export const productSeqRequest = z.object({ seq: productSeq });

/** The product list's sortable columns (listSort): 품번, 상품명, 판매가, 재고. */
export const PRODUCT_SORTS = ['pid', 'name', 'sale', 'stock'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const adminProductListRequest = z.object({
  searchType: z.enum(['name', 'pid'], { error: MSG_ADMIN.productSearchTypeInvalid }).default('name'),
  keyword,
  stockName: keyword,
  stockState: z.enum(['in', 'out', 'low'], { error: MSG_ADMIN.stockStateInvalid }).optional(),
  ...listSort(PRODUCT_SORTS),
  page,
  size: size(PAGE_SIZE.backOffice),
});
/** Stock at or below this is 'low' on the dashboard and in the product search. */
export const LOW_STOCK = 5;

export const adminProduct = z.object({
  seq: int,
  name: z.string(),
  pid: z.string(),
  factoryNum: z.string(),
  type: int,
  priceA: int,
  priceB: int,
  priceC: int,
  priceD: int,
  salePrice: int,
  hasAmount: int,
  stockName: z.string(),
  storageId: int,
  imgFiles: z.array(z.string()),
  detailInfo: z.string(),
  description: z.string(),
  category: z.string(),
  brand: z.string(),
  companyId: int,
  created: instant,
  /** The product's edit version: up by one with every staff edit of its fields, not with stock moved by orders. */
  ver: int,
});
export type AdminProduct = z.infer<typeof adminProduct>;
export const adminProductPageAnswer = pageAnswerOf(adminProduct);
export const adminProductAnswer = answerOf(adminProduct);

/**
 * The tier rule (stated here, checked by server and form alike): every price is a whole number of
 * won, the sale (list) price is at least 1 won, and no tier is above it; a zero tier falls back to
 * the next lower tier (docs/requirements.md#prices-and-tiers).
 */
export const productFields = z
  .object({
    name: textField(1, 200, MSG_ADMIN.nameRequired),
    pid: plainText(
      z
        .string({ error: MSG_ADMIN.pidRequired })
        .trim()
        .min(1, MSG_ADMIN.pidRequired)
        .max(50, MSG_ADMIN.pidRequired)
        .refine((v) => /[A-Za-z0-9]/.test(v), MSG_ADMIN.pidRequired),
    ),
    factoryNum: plainText(z.string().trim().max(50, MSG_ADMIN.factoryNumTooLong)).default(''),
    type: z
      .number({ error: MSG_ADMIN.typeInvalid })
      .int(MSG_ADMIN.typeInvalid)
      .min(0, MSG_ADMIN.typeInvalid)
      .max(4, MSG_ADMIN.typeInvalid),
    salePrice: won(MSG_ADMIN.priceInvalid).min(1, MSG_ADMIN.salePriceRequired),
    priceA: won(MSG_ADMIN.priceInvalid),
    priceB: won(MSG_ADMIN.priceInvalid),
    priceC: won(MSG_ADMIN.priceInvalid),
    priceD: won(MSG_ADMIN.priceInvalid),
    stockName: textField(2, 50, MSG_ADMIN.warehouseRequired),
    storageId: z
      .number({ error: MSG_ADMIN.warehouseRequired })
      .int(MSG_ADMIN.warehouseRequired)
      .min(1, MSG_ADMIN.warehouseRequired)
      .max(1000, MSG_ADMIN.warehouseRequired),
    detailInfo: plainLines(z.string().trim().max(500, MSG_ADMIN.detailInfoTooLong)).default(''),
    description: plainLines(z.string().trim().max(5000, MSG_ADMIN.descriptionTooLong)).default(''),
    category: plainText(z.string().trim().max(30, MSG_ADMIN.categoryTooLong)).default(''),
    brand: plainText(z.string().trim().max(50, MSG_ADMIN.brandTooLong)).default(''),
  })
  .superRefine((v, ctx) => {
    // A sale price with a fault of its own is no bound to compare the tiers with (its fault is said).
    if (!Number.isSafeInteger(v.salePrice) || v.salePrice < 1) return;
    for (const tier of ['priceA', 'priceB', 'priceC', 'priceD'] as const) {
      if (v[tier] > v.salePrice) ctx.addIssue({ code: 'custom', path: [tier], message: MSG_ADMIN.tierAboveSale });
    }
  });
export type ProductFields = z.input<typeof productFields>;

/** Create (no seq; with the starting stock) or edit (seq; stock changes go through changeStock). */
export const saveProductRequest = z.intersection(
  productFields,
  z.object({
    seq: productSeq.optional(),
    hasAmount: z
      .number({ error: MSG_ADMIN.stockInvalid })
      .int(MSG_ADMIN.stockInvalid)
      .min(0, MSG_ADMIN.stockInvalid)
      .max(STOCK_MAX, MSG_ADMIN.stockInvalid)
      .default(0),
    /** An edit's `ver` as its form read it: a save over another staff member's newer edit is refused (409). */
    ver: readAtVer(0),
  }),
);
export type SaveProductRequest = z.input<typeof saveProductRequest>;

export const changeStockRequest = z.object({
  seq: productSeq,
  delta: z
    .number({ error: MSG_ADMIN.stockDeltaInvalid })
    .int(MSG_ADMIN.stockDeltaInvalid)
    .min(-STOCK_MAX, MSG_ADMIN.stockDeltaInvalid)
    .max(STOCK_MAX, MSG_ADMIN.stockDeltaInvalid)
    .refine((n) => n !== 0, MSG_ADMIN.stockDeltaInvalid),
  reason,
});

/** One picture, base64 in JSON (at most 10 MB decoded; the chat's image checks judge it). */
export const uploadProductImageRequest = z.object({
  seq: productSeq,
  name: plainText(z.string().trim().min(1).max(100)),
  mime: z.string().max(100).optional(),
  data: z.string().min(1, '이미지를 선택하세요.').max(14_000_000, '이미지는 10MB 이하만 올릴 수 있습니다.'),
});

/**
 * One picture off a product, named by its address as the product's imgFiles holds it (an address the
 * product does not hold is refused with 404: another product's, or one already removed).
 */
export const removeProductImageRequest = z.object({
  seq: productSeq,
  url: textField(1, 1000, MSG_ADMIN.imageNotOfProduct),
});

/** The product messages of the warehouse rule and of an exported file applied again (docs/requirements.md#back-office). */
export const MSG_PRODUCT = {
  warehouseUnknown: (storageId: number) =>
    `${storageId}번 창고는 없는 창고입니다. 쇼핑몰 설정의 배송 옵션에 있는 창고 번호를 입력하세요.`,
  warehouseName: (storageId: number, stockName: string) =>
    `${storageId}번 창고의 이름은 '${stockName}'입니다. 창고 이름을 그대로 입력하세요.`,
  changedSinceExport:
    '내보낸 뒤 이 상품이 바뀌었습니다(이 파일을 이미 가져왔거나 다른 수정이 있었습니다). 상품을 다시 내보내 고친 뒤 가져오세요.',
  verInvalid: '내보낸 파일의 값이 아닙니다. 내보낸 그대로 두거나 칸을 비우세요.',
} as const;

export const CSV_MAX_LINES = 5000;
/** The CSV columns of import and export, in order (the first row names them). */
export const PRODUCT_CSV_COLUMNS = [
  'pid',
  'name',
  'factoryNum',
  'type',
  'salePrice',
  'priceA',
  'priceB',
  'priceC',
  'priceD',
  'hasAmount',
  'stockName',
  'storageId',
  'category',
  'brand',
  'detailInfo',
] as const;
/**
 * Columns an import reads when present: a file without them leaves those fields of the products it
 * updates as they are (docs/requirements.md#back-office). The export writes them after the others.
 * `hasAmountAtExport` is the stock when the file was exported: a product's stock then moves by what
 * the file changed in `hasAmount`, so what sold since the export stays sold. `verAtExport` is the
 * product's edit version then: a line that would change a product edited since (by this same file's
 * earlier import too) is refused, so a file is applied once.
 */
export const PRODUCT_CSV_OPTIONAL_COLUMNS = ['description', 'hasAmountAtExport', 'verAtExport'] as const;
export const PRODUCT_CSV_EXPORT_COLUMNS = [...PRODUCT_CSV_COLUMNS, ...PRODUCT_CSV_OPTIONAL_COLUMNS] as const;
export const importProductsRequest = z.object({
  csv: z.string().min(1, MSG_ADMIN.csvEmpty).max(8_000_000, MSG_ADMIN.csvTooManyLines(CSV_MAX_LINES)),
  /** false: only the preview; true: write it all or nothing. */
  commit: z.boolean().default(false),
});
export const importProductsAnswer = answerOf(
  z.object({
    committed: z.boolean(),
    rows: z.array(
      z.object({
        line: int,
        action: z.enum(['create', 'update']),
        pid: z.string(),
        name: z.string(),
        changes: z.array(z.string()),
      }),
    ),
    errors: z.array(z.object({ line: int, message: z.string() })),
  }),
);
export type ImportProductsResult = NonNullable<z.infer<typeof importProductsAnswer>['results']>;

/** A catalogue folder as a zip (docs/catalogue-format.md), base64 in JSON; at most 40 MB. */
export const uploadCatalogueRequest = z.object({
  name: plainText(z.string().trim().min(1).max(200)),
  data: z
    .string()
    .min(1, '카탈로그 zip 파일을 선택하세요.')
    .max(56_000_000, '카탈로그 zip은 40MB 이하만 올릴 수 있습니다.'),
});
export const catalogueReport = z.object({
  ok: z.boolean(),
  mcid: z.string().nullable(),
  version: z.number().int().nullable(),
  problems: z.array(z.object({ file: z.string(), line: z.number().int().nullable(), message: z.string() })),
  moreProblems: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  rows: z.number().int(),
  imagesWritten: z.number().int(),
  ms: z.number().int(),
});
export type CatalogueReport = z.infer<typeof catalogueReport>;
export const catalogueReportAnswer = answerOf(catalogueReport);
export const MSG_CATALOGUE = {
  notZip: 'zip 파일이 아니거나 손상되었습니다.',
  tooBig: '압축을 푼 크기가 너무 큽니다. (최대 500MB, 파일 20,000개)',
  imported: (mcid: string, version: number) => `카탈로그 ${mcid}을(를) 가져왔습니다. (버전 ${version})`,
  refused: '카탈로그에 문제가 있어 아무것도 저장하지 않았습니다.',
};
