import { z } from 'zod';
import { MSG } from './messages.js';
import type { AdminCall } from './call-routes.js';
import { answerOf, emptyAnswer, pageAnswerOf } from './envelope.js';
import { mallBottom, licensePackage } from './mall.js';
import { calendarDateField } from './member.js';
import { orderEvent, orderView } from './orders.js';

/**
 * The back office (issue 12). Its calls and who may make them are entries of the table of calls
 * (call-routes.ts: ADMIN_CALLS, mayCall); the menu below names each screen's call.
 */
/** The back-office menu: each screen and the call that decides whether a role sees it. */
export const ADMIN_MENU: { path: string; label: string; call: AdminCall }[] = [
  { path: '/admin', label: '대시보드', call: 'dashboard' },
  { path: '/admin/orders', label: '주문 관리', call: 'orderList' },
  { path: '/admin/companies', label: '회원·업체', call: 'companyList' },
  { path: '/admin/payments', label: '결제·입금', call: 'paymentList' },
  { path: '/admin/products', label: '상품 관리', call: 'productList' },
  { path: '/admin/notices', label: '공지사항', call: 'noticeList' },
  { path: '/admin/inquiries', label: '문의', call: 'inquiryList' },
  { path: '/admin/config', label: '쇼핑몰 설정', call: 'getConfig' },
  { path: '/admin/catalogue', label: '부품 카탈로그', call: 'uploadCatalogue' },
  { path: '/admin/xrefs', label: '호환품번', call: 'xrefList' },
  { path: '/admin/synonyms', label: '동의어', call: 'synonymList' },
  { path: '/admin/staff', label: '직원 계정', call: 'staffList' },
  { path: '/admin/jobs', label: '발송 작업', call: 'jobList' },
  // paperwork-web: the invoices of every company (docs/requirements.md#paperwork-screens).
  { path: '/admin/taxInvoices', label: '세금계산서', call: 'taxInvoiceList' },
  { path: '/admin/audit', label: '작업 기록', call: 'auditList' },
];

export const MSG_ADMIN = {
  saved: '저장되었습니다.',
  adminOnly: '관리자만 할 수 있는 작업입니다.',
  companyNotFound: '업체 정보를 찾을 수 없습니다.',
  memberNotFound: '회원 정보를 찾을 수 없습니다.',
  productNotFound: '상품 정보를 찾을 수 없습니다.',
  noticeNotFound: '공지사항을 찾을 수 없습니다.',
  inquiryNotFound: '문의를 찾을 수 없습니다.',
  paymentNotFound: '결제 정보를 찾을 수 없습니다.',
  cashBelowZero: '조정 후 캐시 잔액이 0원 미만이 됩니다.',
  cashAdjusted: '캐시를 조정했습니다.',
  licenseAdjusted: '이용권 기간을 조정했습니다.',
  amountInvalid: '금액은 0이 아닌 정수로 입력하세요.',
  daysInvalid: '일수는 0이 아닌 정수로 입력하세요.',
  reasonRequired: '사유를 입력하세요. (2~200자)',
  levelChanged: '업체 등급을 변경했습니다.',
  statusChanged: '계정 상태를 변경했습니다.',
  depositConfirmed: '입금을 확인했습니다. 캐시가 충전되었습니다.',
  depositNotWaiting: '입금 대기 중인 계좌이체가 아닙니다.',
  priceInvalid: '가격은 0 이상의 정수(원)로 입력하세요.',
  salePriceRequired: '판매가는 1원 이상으로 입력하세요.',
  tierAboveSale: '등급 가격은 판매가보다 높을 수 없습니다.',
  stockInvalid: '재고는 0 이상의 정수로 입력하세요.',
  stockDeltaInvalid: '변경 수량은 0이 아닌 정수로 입력하세요.',
  stockBelowZero: '변경 후 재고가 0개 미만이 됩니다.',
  stockChanged: '재고를 변경했습니다.',
  duplicatePid: '같은 창고에 같은 품번의 상품이 이미 있습니다.',
  nameRequired: '상품명을 입력하세요. (1~200자)',
  pidRequired: '품번을 입력하세요. (영문·숫자 포함 1~50자)',
  warehouseRequired: '창고를 입력하세요.',
  typeInvalid: '상품 구분을 선택하세요.',
  imageAdded: '이미지를 등록했습니다.',
  csvEmpty: 'CSV 파일에 상품 행이 없습니다.',
  csvTooManyLines: (max: number) => `CSV는 한 번에 ${max.toLocaleString('ko-KR')}행까지 올릴 수 있습니다.`,
  csvHeader: (missing: string) => `CSV 첫 행에 '${missing}' 열이 없습니다.`,
  csvBroken: 'CSV 형식이 올바르지 않습니다. 따옴표와 열 수를 확인하세요.',
  csvHasErrors: '오류가 있는 행이 있어 아무것도 저장하지 않았습니다.',
  csvImported: (created: number, updated: number) => `등록 ${created}건, 수정 ${updated}건을 저장했습니다.`,
  titleRequired: '제목을 입력하세요. (1~200자)',
  contentRequired: '내용을 입력하세요.',
  noticeTypeInvalid: '공지 구분을 선택하세요.',
  answerRequired: '답변을 입력하세요. (1~2000자)',
  inquiryClosed: '종료된 문의입니다.',
  loginIdTaken: '이미 사용 중인 아이디입니다.',
  staffCreated: '직원 계정을 만들었습니다.',
  passwordReset: '비밀번호를 초기화했습니다. 새 비밀번호는 이번 한 번만 보입니다.',
  notStaff: '직원 계정이 아닙니다.',
  selfStop: '자기 계정은 정지할 수 없습니다.',
  bulkDone: (moved: number, refused: number) => `출고확정 ${moved}건${refused ? `, 처리 불가 ${refused}건` : ''}`,
  configVer: '설정을 저장했습니다. 열려 있는 쇼핑몰 화면이 새로고침됩니다.',
  deliveryWarehouseName: '배송 설정의 창고 이름을 입력하세요. (2~50자)',
  deliveryStorageId: '배송 설정의 창고 번호는 1~1000 사이의 정수입니다.',
  deliveryDuplicateWarehouse: '배송 설정에 같은 창고 번호가 두 번 있습니다.',
  deliveryPayTypeRequired: '제공하는 배송 방법에는 배송비 결제 방식을 하나 이상 고르세요.',
  deliveryDefaultNotOffered: '기본 결제 방식은 제공하는 결제 방식 중에서 고르세요.',
} as const;

// ---------------------------------------------------------------- shared pieces

const int = z.number().int();
const instant = z.iso.datetime();
const seq = z.coerce
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);
const page = z.coerce
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(100_000, MSG.badRequest)
  .default(1);
const size = (dflt: number) =>
  z.coerce
    .number({ error: MSG.badRequest })
    .int(MSG.badRequest)
    .min(1, MSG.badRequest)
    .max(200, MSG.badRequest)
    .default(dflt);
const keyword = z.string().trim().max(100, MSG.badRequest).optional();
const reason = z
  .string({ error: MSG_ADMIN.reasonRequired })
  .trim()
  .min(2, MSG_ADMIN.reasonRequired)
  .max(200, MSG_ADMIN.reasonRequired);
export const adminSeqRequest = z.object({ seq });
const won = (msg: string) => z.number({ error: msg }).int(msg).min(0, msg).max(1_000_000_000, msg);

// ---------------------------------------------------------------- orders

export const adminOrderListRequest = z
  .object({
    status: z.coerce.number().int().min(0).max(8).optional(),
    startDate: calendarDateField.optional(),
    endDate: calendarDateField.optional(),
    company: keyword,
    stockName: keyword,
    pid: keyword,
    page,
    size: size(20),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.startDate > v.endDate)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: '시작일이 종료일보다 늦습니다.' });
  });
export type AdminOrderListRequest = z.input<typeof adminOrderListRequest>;

export const adminOrderRow = orderView.extend({
  companyId: int,
  companyName: z.string(),
  memberName: z.string(),
  shippedAt: instant.nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;
export const adminOrderPageAnswer = pageAnswerOf(adminOrderRow);

export const ledgerRow = z.object({
  seq: int,
  type: z.string(),
  amount: int,
  balanceAfter: int,
  note: z.string(),
  created: instant,
  memberName: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;

export const adminOrderDetail = z.object({
  order: adminOrderRow,
  /** Line VINs where the catalogue recorded one ('' otherwise), in line order. */
  vins: z.array(z.string()),
  events: z.array(orderEvent.extend({ memberName: z.string() })),
  ledger: z.array(ledgerRow),
  /** What a staff move to each status would refund (only the refunding moves). */
  refunds: z.record(z.string(), int),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;
export const adminOrderDetailAnswer = answerOf(adminOrderDetail);

export const bulkShipRequest = z.object({
  seqs: z.array(seq).min(1, '주문을 선택하세요.').max(100, '한 번에 100건까지 처리할 수 있습니다.'),
});
export const bulkShipAnswer = answerOf(
  z.object({ moved: z.array(int), refused: z.array(z.object({ seq: int, message: z.string() })) }),
);

/** A CSV file as an answer: the web saves it under the name. */
export const csvAnswer = answerOf(z.object({ filename: z.string(), csv: z.string(), rows: int }));

// ---------------------------------------------------------------- members and companies

export const LEVELS = ['a', 'b', 'c', 'd'] as const;
export const companyListRequest = z.object({ keyword, level: z.enum(LEVELS).optional(), page, size: size(20) });
export const companyRow = z.object({
  companyId: int,
  name: z.string(),
  license: z.string(),
  level: z.string(),
  point: int,
  licenseEnd: instant.nullable(),
  licenseDays: int,
  members: int,
  created: instant,
  withdrawn: z.boolean(),
});
export type CompanyRow = z.infer<typeof companyRow>;
export const companyPageAnswer = pageAnswerOf(companyRow);

export const companyMember = z.object({
  seq: int,
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  type: int,
  status: z.string(),
  created: instant,
});
export const adminPaymentRow = z.object({
  seq: int,
  gatewayId: z.string(),
  provider: z.string(),
  companyId: int,
  companyName: z.string(),
  memberName: z.string(),
  kind: z.string(),
  pgcode: z.string(),
  amount: int,
  days: int.nullable(),
  productName: z.string(),
  status: z.string(),
  created: instant,
  paidAt: instant.nullable(),
});
export type AdminPaymentRow = z.infer<typeof adminPaymentRow>;

export const companyDetailAnswer = answerOf(
  z.object({
    company: companyRow.extend({
      ceo: z.string(),
      phone: z.string(),
      mail: z.string(),
      area: z.string(),
      ledgerSum: int,
      /** 업태, 종목, invoice e-mail and mode: what staff edit for the company's 전자세금계산서 (docs/requirements.md#tax-invoices). */
      bizType: z.string().optional(),
      bizItem: z.string().optional(),
      invoiceMail: z.string().optional(),
      invoiceMode: z.enum(['order', 'monthly']).optional(),
    }),
    members: z.array(companyMember),
    orders: z.array(adminOrderRow),
    payments: z.array(adminPaymentRow),
    ledger: z.array(ledgerRow),
  }),
);
export type CompanyDetail = NonNullable<z.infer<typeof companyDetailAnswer>['results']>;

export const companyIdRequest = z.object({ companyId: seq });
export const setCompanyLevelRequest = z.object({
  companyId: seq,
  level: z.enum(LEVELS, { error: '등급을 선택하세요.' }),
});
export const setMemberStatusRequest = z.object({
  memberId: seq,
  status: z.enum(['active', 'stopped'], { error: MSG.badRequest }),
});
export const adjustCashRequest = z.object({
  companyId: seq,
  amount: z
    .number({ error: MSG_ADMIN.amountInvalid })
    .int(MSG_ADMIN.amountInvalid)
    .min(-1_000_000_000, MSG_ADMIN.amountInvalid)
    .max(1_000_000_000, MSG_ADMIN.amountInvalid)
    .refine((n) => n !== 0, MSG_ADMIN.amountInvalid),
  reason,
});
export type AdjustCashRequest = z.input<typeof adjustCashRequest>;
export const adjustLicenseRequest = z.object({
  companyId: seq,
  days: z
    .number({ error: MSG_ADMIN.daysInvalid })
    .int(MSG_ADMIN.daysInvalid)
    .min(-3650, MSG_ADMIN.daysInvalid)
    .max(3650, MSG_ADMIN.daysInvalid)
    .refine((n) => n !== 0, MSG_ADMIN.daysInvalid),
  reason,
});
export type AdjustLicenseRequest = z.input<typeof adjustLicenseRequest>;
export const balanceAnswer = answerOf(z.object({ point: int, licenseEnd: instant.nullable(), licenseDays: int }));

// ---------------------------------------------------------------- payments

export const paymentListRequest = z.object({
  status: z.enum(['pending', 'paid', 'declined']).optional(),
  pgcode: z.enum(['creditcard', 'banktransfer', 'manager']).optional(),
  kind: z.enum(['point', 'license']).optional(),
  company: keyword,
  startDate: calendarDateField.optional(),
  endDate: calendarDateField.optional(),
  page,
  size: size(20),
});
export const adminPaymentPageAnswer = pageAnswerOf(adminPaymentRow);
export const confirmDepositAnswer = answerOf(z.object({ payment: adminPaymentRow, point: int, repeated: z.boolean() }));

// ---------------------------------------------------------------- products

export const adminProductListRequest = z.object({
  searchType: z.enum(['name', 'pid']).default('name'),
  keyword,
  stockName: keyword,
  stockState: z.enum(['in', 'out', 'low']).optional(),
  page,
  size: size(20),
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
    name: z
      .string({ error: MSG_ADMIN.nameRequired })
      .trim()
      .min(1, MSG_ADMIN.nameRequired)
      .max(200, MSG_ADMIN.nameRequired),
    pid: z
      .string({ error: MSG_ADMIN.pidRequired })
      .trim()
      .min(1, MSG_ADMIN.pidRequired)
      .max(50, MSG_ADMIN.pidRequired)
      .refine((v) => /[A-Za-z0-9]/.test(v), MSG_ADMIN.pidRequired),
    factoryNum: z.string().trim().max(50, MSG.badRequest).default(''),
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
    stockName: z
      .string({ error: MSG_ADMIN.warehouseRequired })
      .trim()
      .min(2, MSG_ADMIN.warehouseRequired)
      .max(50, MSG_ADMIN.warehouseRequired),
    storageId: z
      .number({ error: MSG_ADMIN.warehouseRequired })
      .int(MSG_ADMIN.warehouseRequired)
      .min(1, MSG_ADMIN.warehouseRequired)
      .max(1000, MSG_ADMIN.warehouseRequired),
    detailInfo: z.string().trim().max(500, MSG.badRequest).default(''),
    description: z.string().trim().max(5000, MSG.badRequest).default(''),
    category: z.string().trim().max(30, MSG.badRequest).default(''),
    brand: z.string().trim().max(50, MSG.badRequest).default(''),
  })
  .superRefine((v, ctx) => {
    for (const tier of ['priceA', 'priceB', 'priceC', 'priceD'] as const) {
      if (v[tier] > v.salePrice) ctx.addIssue({ code: 'custom', path: [tier], message: MSG_ADMIN.tierAboveSale });
    }
  });
export type ProductFields = z.input<typeof productFields>;

/** Create (no seq; with the starting stock) or edit (seq; stock changes go through changeStock). */
export const saveProductRequest = z.intersection(
  productFields,
  z.object({
    seq: seq.optional(),
    hasAmount: z
      .number({ error: MSG_ADMIN.stockInvalid })
      .int(MSG_ADMIN.stockInvalid)
      .min(0, MSG_ADMIN.stockInvalid)
      .max(1_000_000, MSG_ADMIN.stockInvalid)
      .default(0),
  }),
);
export type SaveProductRequest = z.input<typeof saveProductRequest>;

export const changeStockRequest = z.object({
  seq,
  delta: z
    .number({ error: MSG_ADMIN.stockDeltaInvalid })
    .int(MSG_ADMIN.stockDeltaInvalid)
    .min(-1_000_000, MSG_ADMIN.stockDeltaInvalid)
    .max(1_000_000, MSG_ADMIN.stockDeltaInvalid)
    .refine((n) => n !== 0, MSG_ADMIN.stockDeltaInvalid),
  reason,
});

/** One picture, base64 in JSON (at most 10 MB decoded; the chat's image checks judge it). */
export const uploadProductImageRequest = z.object({
  seq,
  name: z.string().trim().min(1).max(100),
  mime: z.string().max(100).optional(),
  data: z.string().min(1, '이미지를 선택하세요.').max(14_000_000, '이미지는 10MB 이하만 올릴 수 있습니다.'),
});

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

// ---------------------------------------------------------------- notices and inquiries

export const adminNoticeListRequest = z.object({
  keyword,
  type: z.coerce
    .number({ error: MSG_ADMIN.noticeTypeInvalid })
    .int(MSG_ADMIN.noticeTypeInvalid)
    .min(0, MSG_ADMIN.noticeTypeInvalid)
    .max(3, MSG_ADMIN.noticeTypeInvalid)
    .optional(),
  page,
  size: size(20),
});
export const adminNotice = z.object({
  seq: int,
  type: int,
  title: z.string(),
  content: z.string(),
  popup: z.boolean(),
  published: z.boolean(),
  created: instant,
});
export type AdminNotice = z.infer<typeof adminNotice>;
export const adminNoticePageAnswer = pageAnswerOf(adminNotice);
export const adminNoticeAnswer = answerOf(adminNotice);
export const saveNoticeRequest = z.object({
  seq: seq.optional(),
  type: z.union([z.literal(0), z.literal(2), z.literal(3)], { error: MSG_ADMIN.noticeTypeInvalid }),
  title: z
    .string({ error: MSG_ADMIN.titleRequired })
    .trim()
    .min(1, MSG_ADMIN.titleRequired)
    .max(200, MSG_ADMIN.titleRequired),
  content: z
    .string({ error: MSG_ADMIN.contentRequired })
    .min(1, MSG_ADMIN.contentRequired)
    .max(200_000, MSG.badRequest),
  popup: z.boolean().default(false),
  published: z.boolean().default(true),
});
export type SaveNoticeRequest = z.input<typeof saveNoticeRequest>;

export const inquiryListRequest = z.object({
  status: z.enum(['open', 'answered', 'closed']).optional(),
  page,
  size: size(20),
});
export const adminInquiry = z.object({
  seq: int,
  qnaType: z.string(),
  phone: z.string(),
  content: z.string(),
  memberName: z.string(),
  status: z.string(),
  answer: z.string(),
  answeredAt: instant.nullable(),
  created: instant,
});
export type AdminInquiry = z.infer<typeof adminInquiry>;
export const inquiryPageAnswer = pageAnswerOf(adminInquiry);
export const inquiryAnswerRequest = z.object({
  seq,
  answer: z
    .string({ error: MSG_ADMIN.answerRequired })
    .trim()
    .min(1, MSG_ADMIN.answerRequired)
    .max(2000, MSG_ADMIN.answerRequired),
});
export const adminInquiryAnswer = answerOf(adminInquiry);

// ---------------------------------------------------------------- configuration

const payTypeValue = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: MSG_ADMIN.deliveryPayTypeRequired });
/** One delivery method of a warehouse as the back office edits it: offered or not, its pay types and the default one. */
const methodBase = z.object({
  offered: z.boolean(),
  payTypes: z.array(payTypeValue).max(3),
  defaultPayType: payTypeValue,
});
const offeredNeedsPayTypes = (m: z.infer<typeof methodBase>, ctx: z.RefinementCtx) => {
  if (!m.offered) return;
  if (m.payTypes.length === 0)
    ctx.addIssue({ code: 'custom', path: ['payTypes'], message: MSG_ADMIN.deliveryPayTypeRequired });
  else if (!m.payTypes.includes(m.defaultPayType))
    ctx.addIssue({ code: 'custom', path: ['defaultPayType'], message: MSG_ADMIN.deliveryDefaultNotOffered });
};
const deliveryMethodOption = methodBase.superRefine(offeredNeedsPayTypes);
export type DeliveryMethodOption = z.infer<typeof deliveryMethodOption>;

/**
 * Delivery options of one warehouse (api/getDeliInfo), stored in the shop
 * configuration. selfQuick: quick delivery may also be sent to the buyer himself.
 */
export const warehouseDeliveryOptions = z.object({
  storageId: z
    .number({ error: MSG_ADMIN.deliveryStorageId })
    .int(MSG_ADMIN.deliveryStorageId)
    .min(1, MSG_ADMIN.deliveryStorageId)
    .max(1000, MSG_ADMIN.deliveryStorageId),
  warehouseName: z
    .string({ error: MSG_ADMIN.deliveryWarehouseName })
    .trim()
    .min(2, MSG_ADMIN.deliveryWarehouseName)
    .max(50, MSG_ADMIN.deliveryWarehouseName),
  gdFreight: deliveryMethodOption,
  gdDelivery: deliveryMethodOption,
  quick: methodBase.extend({ selfQuick: z.boolean() }).superRefine(offeredNeedsPayTypes),
  pickUp: deliveryMethodOption,
});
export type WarehouseDeliveryOptions = z.infer<typeof warehouseDeliveryOptions>;

export const configFields = z.object({
  mallBottom,
  buyPolicy: z.string().max(20_000, MSG.badRequest),
  totalAsset: z.number().int().min(0).max(1e15),
  totalQuantity: z.number().int().min(0).max(1e12),
  licenseValidBuy: z
    .array(
      licensePackage.extend({
        price: z.number().int().min(0).max(100_000_000),
        days: z.number().int().min(1).max(3650),
      }),
    )
    .max(10),
  shippingAddress: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(50),
        address: z.string().trim().max(200),
        phone: z.string().trim().max(20),
      }),
    )
    .max(20),
  deliveryOptions: z
    .array(warehouseDeliveryOptions)
    .max(20)
    .refine((list) => new Set(list.map((w) => w.storageId)).size === list.length, MSG_ADMIN.deliveryDuplicateWarehouse),
});
export type ConfigFields = z.infer<typeof configFields>;
export const adminConfigAnswer = answerOf(configFields.extend({ ver: int }));

// ---------------------------------------------------------------- staff, audit, dashboard

export const staffRow = z.object({
  seq: int,
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  role: z.string(),
  status: z.string(),
  created: instant,
});
export type StaffRow = z.infer<typeof staffRow>;
export const staffListAnswer = answerOf(z.array(staffRow));
export const createStaffRequest = z.object({
  id: z.string().trim().toLowerCase().email('아이디는 메일 주소로 입력하세요.').max(100),
  name: z.string().trim().min(2, '이름은 2~20자로 입력하세요.').max(20, '이름은 2~20자로 입력하세요.'),
  phone: z.string().regex(/^\d{10,11}$/, '연락처는 숫자 10~11자리로 입력하세요.'),
  role: z.enum(['staff', 'admin']).default('staff'),
});
export type CreateStaffRequest = z.input<typeof createStaffRequest>;
export const newPasswordAnswer = answerOf(z.object({ seq: int, password: z.string() }));
export const setStaffStatusRequest = z.object({ seq, status: z.enum(['active', 'stopped']) });

export const auditListRequest = z.object({ action: keyword, page, size: size(30) });
export const auditRow = z.object({
  seq: int,
  memberName: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created: instant,
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditPageAnswer = pageAnswerOf(auditRow);

export const dashboardAnswer = answerOf(
  z.object({
    today: z.object({ orders: int, sales: int }),
    month: z.object({ orders: int, sales: int }),
    waiting: z.array(z.object({ status: int, count: int })),
    lowStock: z.array(z.object({ seq: int, name: z.string(), pid: z.string(), hasAmount: int, stockName: z.string() })),
    openInquiries: int,
    transfersWaiting: int,
    chatOnline: int,
    sales30: z.array(z.object({ day: z.string(), sales: int, orders: int })),
  }),
);
export type Dashboard = NonNullable<z.infer<typeof dashboardAnswer>['results']>;

export const adminWriteAnswer = emptyAnswer;

// ---------------------------------------------------------------- catalogue upload

/** A catalogue folder as a zip (docs/catalogue-format.md), base64 in JSON; at most 40 MB. */
export const uploadCatalogueRequest = z.object({
  name: z.string().trim().min(1).max(200),
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
