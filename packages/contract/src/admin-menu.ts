import type { AdminCall } from './call-routes.js';
import { CASH_CHARGE } from './constants.js';
import { emptyAnswer } from './envelope.js';
import { groupDigits } from './rules.js';

/**
 * The back office (docs/requirements.md#back-office). Its calls and who may make them are entries of the table of calls
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
  // 외상: the receivables report, a company's credit page and the close; the deposit review queue (docs/requirements.md#credit).
  { path: '/admin/credit', label: '외상·미수금', call: 'receivablesAging' },
  { path: '/admin/deposits', label: '입금 확인', call: 'depositQueue' },
  { path: '/admin/audit', label: '작업 기록', call: 'auditList' },
];

/**
 * The most stock a product holds, whatever sets it (a save, a stock change, a CSV line): one
 * ceiling, so a product's own data always passes its own forms and its export imports back
 * (docs/requirements.md#back-office). Here beside the messages that name it.
 */
export const STOCK_MAX = 1_000_000;

/** The highest price a product's sale price and tiers take, in won; here beside the message that names it. */
export const PRICE_MAX = 1_000_000_000;

/**
 * The most pictures a product shows. The original product's spec names no number (its product page
 * shows thumbnails and a main image from imgFiles); 10, as many as one chat upload takes
 * (docs/requirements.md#back-office).
 */
export const PRODUCT_IMAGE_MAX = 10;

/** The longest a notice's HTML may be as sent (characters, its markup counted). Here beside the message that names it. */
export const NOTICE_CONTENT_MAX = 200_000;

export const MSG_ADMIN = {
  saved: '저장되었습니다.',
  adminOnly: '관리자만 할 수 있는 작업입니다.',
  companyNotFound: '업체 정보를 찾을 수 없습니다.',
  /** An admin's cash, licence or level change of a company that withdrew (409; docs/requirements.md#back-office). */
  companyWithdrawn: '탈퇴한 업체입니다. 캐시·이용권·등급을 바꿀 수 없습니다.',
  memberNotFound: '회원 정보를 찾을 수 없습니다.',
  productNotFound: '상품 정보를 찾을 수 없습니다.',
  /** A product's or a staff account's id that is no id (`{"seq": true}`), as an order's says '주문을 선택하세요.'. */
  selectProduct: '상품을 선택하세요.',
  selectStaff: '직원을 선택하세요.',
  noticeNotFound: '공지사항을 찾을 수 없습니다.',
  inquiryNotFound: '문의를 찾을 수 없습니다.',
  paymentNotFound: '결제 정보를 찾을 수 없습니다.',
  cashBelowZero: '조정 후 캐시 잔액이 0원 미만이 됩니다.',
  cashAdjusted: '캐시를 조정했습니다.',
  licenseAdjusted: '이용권 기간을 조정했습니다.',
  amountInvalid: '금액은 0이 아닌 정수로 입력하세요.',
  amountRange: '조정 금액은 -10억 원부터 10억 원까지 입력할 수 있습니다.',
  daysInvalid: '일수는 0이 아닌 정수로 입력하세요.',
  daysRange: '조정 일수는 -3,650일부터 3,650일까지 입력할 수 있습니다.',
  reasonRequired: '사유를 입력하세요. (2~200자)',
  levelChanged: '업체 등급을 변경했습니다.',
  statusChanged: '계정 상태를 변경했습니다.',
  depositConfirmed: '입금을 확인했습니다. 캐시가 충전되었습니다.',
  depositLicenseConfirmed: (days: number) =>
    `입금을 확인했습니다. 이용권 기간이 ${groupDigits(days)}일 연장되었습니다.`,
  depositAlreadyConfirmed: '이미 확인된 입금입니다.',
  depositNotWaiting: '입금 대기 중인 계좌이체가 아닙니다.',
  priceInvalid: '가격은 0 이상의 정수(원)로 입력하세요.',
  priceAboveMax: `가격은 ${groupDigits(PRICE_MAX)}원 이하로 입력하세요.`,
  /** Product fields over the length their form fields take (the form stops typing there; a direct call is told). */
  factoryNumTooLong: '공장 품번은 50자 이내로 입력하세요.',
  detailInfoTooLong: '특이사항은 500자 이내로 입력하세요.',
  descriptionTooLong: '상세 설명은 5,000자 이내로 입력하세요.',
  categoryTooLong: '모바일 분류는 30자 이내로 입력하세요.',
  brandTooLong: '브랜드는 50자 이내로 입력하세요.',
  salePriceRequired: '판매가는 1원 이상으로 입력하세요.',
  tierAboveSale: '등급 가격은 판매가보다 높을 수 없습니다.',
  stockInvalid: `재고는 0 이상 ${groupDigits(STOCK_MAX)} 이하의 정수로 입력하세요.`,
  stockDeltaInvalid: '변경 수량은 0이 아닌 정수로 입력하세요.',
  stockBelowZero: '변경 후 재고가 0개 미만이 됩니다.',
  stockAboveMax: `변경 후 재고가 ${groupDigits(STOCK_MAX)}개를 넘습니다.`,
  stockChanged: '재고를 변경했습니다.',
  /** The product search's fixed lists (docs/requirements.md#validation). */
  productSearchTypeInvalid: '검색 기준(상품명 또는 품번)을 다시 선택하세요.',
  stockStateInvalid: '재고 상태를 다시 선택하세요.',
  /** The back office lists' filters and a notice's yes-or-no fields (docs/requirements.md#validation). */
  inquiryStatusInvalid: '문의 상태를 다시 선택하세요.',
  paymentStatusInvalid: '결제 상태를 다시 선택하세요.',
  paymentMethodInvalid: '결제 수단을 다시 선택하세요.',
  paymentKindInvalid: '결제 종류를 다시 선택하세요.',
  noticePopupType: "'홈 팝업에 표시'는 예 또는 아니오로 선택하세요.",
  noticePublishedType: "'게시'는 예 또는 아니오로 선택하세요.",
  creditAllowExceedType: "'한도 초과 허용'은 예 또는 아니오로 선택하세요.",
  creditAllowSubAccountsType: "'부계정 외상 허용'은 예 또는 아니오로 선택하세요.",
  orderStatusInvalid: '주문 상태를 다시 선택하세요.',
  /** A list's sort (listSort in admin-fields.ts): a column the list does not sort by, a direction not asc or desc. */
  sortByInvalid: '정렬 기준을 다시 선택하세요.',
  sortDirInvalid: '정렬 방향을 다시 선택하세요. (asc 또는 desc)',
  duplicatePid: '같은 창고에 같은 품번의 상품이 이미 있습니다.',
  nameRequired: '상품명을 입력하세요. (1~200자)',
  pidRequired: '품번을 입력하세요. (영문·숫자 포함 1~50자)',
  warehouseRequired: '창고를 입력하세요.',
  typeInvalid: '상품 구분을 선택하세요.',
  imageAdded: '이미지를 등록했습니다.',
  imageLimit: `상품 이미지는 ${PRODUCT_IMAGE_MAX}장까지 등록할 수 있습니다. 다른 이미지를 지운 뒤 올리세요.`,
  imageRemoved: '이미지를 삭제했습니다.',
  imageNotOfProduct: '이 상품에 없는 이미지입니다. 새로고침해 확인하세요.',
  csvEmpty: 'CSV 파일에 상품 행이 없습니다.',
  csvTooManyLines: (max: number) => `CSV는 한 번에 ${groupDigits(max)}행까지 올릴 수 있습니다.`,
  /** A list export past EXPORT_MAX_ROWS: the file holds the first rows only. */
  exportCut: (rows: number, total: number) =>
    `조건에 맞는 ${groupDigits(total)}건 중 앞의 ${groupDigits(rows)}건만 CSV에 담았습니다. 검색 조건을 좁혀 나누어 내려받으세요.`,
  csvHeader: (missing: string) => `CSV 첫 행에 '${missing}' 열이 없습니다.`,
  csvBroken: 'CSV 형식이 올바르지 않습니다. 따옴표와 열 수를 확인하세요.',
  csvHasErrors: '오류가 있는 행이 있어 아무것도 저장하지 않았습니다.',
  /** A preview saves nothing either way: its messages say what to do next. */
  csvPreviewHasErrors: '오류가 있는 행이 있습니다. 고친 뒤 다시 확인해 주세요.',
  csvPreviewed: '확인을 마쳤습니다. 저장하려면 저장을 누르세요.',
  /** A line the preview saw change nothing, written because its product changed before the commit's locks. */
  csvChangedSincePreview: '미리보기 뒤 이 상품의 재고나 내용이 바뀌어 파일대로 저장했습니다.',
  /** `unchanged`: the lines left as they were, which are not counted as 수정. */
  csvImported: (created: number, updated: number, unchanged = 0) =>
    `등록 ${created}건, 수정 ${updated}건을 저장했습니다.` +
    (unchanged > 0 ? ` 바뀐 내용이 없는 ${groupDigits(unchanged)}건은 그대로 두었습니다.` : ''),
  titleRequired: '제목을 입력하세요. (1~200자)',
  contentRequired: '내용을 입력하세요.',
  /** A picture of the shop's own address outside /uploads/ (docs/security.md#notice-html). */
  noticeImageNotServed: (src: string) =>
    `공지 이미지 주소 ${src} 에는 쇼핑몰이 보여 줄 파일이 없습니다. https:// 로 시작하는 주소나 쇼핑몰에 올린 파일(/uploads/…)의 주소를 넣으세요.`,
  contentTooLong: `내용이 너무 깁니다. 서식을 포함해 ${groupDigits(NOTICE_CONTENT_MAX)}자 이내로 줄이거나 공지를 나누어 올리세요.`,
  noticeTypeInvalid: '공지 구분을 선택하세요.',
  answerRequired: '답변을 입력하세요. (1~2000자)',
  inquiryClosed: '종료된 문의입니다.',
  loginIdTaken: '이미 사용 중인 아이디입니다.',
  staffCreated: '직원 계정을 만들었습니다.',
  passwordReset: '비밀번호를 초기화했습니다. 새 비밀번호는 이번 한 번만 보입니다.',
  notStaff: '직원 계정이 아닙니다.',
  selfStop: '자기 계정은 정지할 수 없습니다.',
  selfReset: '자기 계정의 비밀번호는 초기화할 수 없습니다. 다른 관리자에게 요청하세요.',
  bulkDone: (moved: number, refused: number) => `출고확정 ${moved}건${refused ? `, 처리 불가 ${refused}건` : ''}`,
  configVer: '설정을 저장했습니다. 열려 있는 쇼핑몰 화면이 새로고침됩니다.',
  productChanged: '다른 직원이 먼저 이 상품을 수정했습니다. 새로고침해 바뀐 내용을 확인한 뒤 다시 저장하세요.',
  noticeChanged: '다른 직원이 먼저 이 공지를 수정했습니다. 새로고침해 바뀐 내용을 확인한 뒤 다시 저장하세요.',
  configChanged: '다른 관리자가 먼저 설정을 저장했습니다. 새로고침해 바뀐 설정을 확인한 뒤 다시 저장하세요.',
  deliveryWarehouseName: '배송 설정의 창고 이름을 입력하세요. (2~50자)',
  deliveryStorageId: '배송 설정의 창고 번호는 1~1000 사이의 정수입니다.',
  deliveryDuplicateWarehouse: '배송 설정에 같은 창고 번호가 두 번 있습니다.',
  /** A save that leaves a warehouse holding products with no delivery method (docs/requirements.md#shipping). */
  deliveryNeededFor: (storageId: number, stockName: string) =>
    `${storageId}번 창고(${stockName})에 상품이 있어 배송 옵션에서 뺄 수 없습니다. 이 창고의 배송 방법을 하나 이상 제공하세요.`,
  deliveryPayTypeRequired: '제공하는 배송 방법에는 배송비 결제 방식을 하나 이상 고르세요.',
  deliveryDefaultNotOffered: '기본 결제 방식은 제공하는 결제 방식 중에서 고르세요.',
  footerTooLong: '하단 정보는 항목마다 200자까지 입력하세요.',
  buyPolicyTooLong: '구매 안내는 20,000자까지 입력하세요.',
  totalInvalid: '표시값은 0 이상의 정수로 입력하세요.',
  packagePrice: `이용권 가격은 ${groupDigits(CASH_CHARGE.min)}원~${groupDigits(CASH_CHARGE.max)}원으로 입력하세요.`,
  packageDays: '이용권 일수는 1~3,650일로 입력하세요.',
  packageContent: '이용권 설명은 100자까지 입력하세요.',
  packageDuplicateDays: '이용권에 같은 일수가 두 번 있습니다.',
  packageDuplicatePrice: '이용권에 같은 가격이 두 번 있습니다.',
  warehouseAddressName: '창고 주소의 창고 이름을 입력하세요. (1~50자)',
  warehouseAddress: '창고 주소는 200자까지 입력하세요.',
  warehousePhone: '창고 연락처는 20자까지 입력하세요.',
} as const;

export const adminWriteAnswer = emptyAnswer;
