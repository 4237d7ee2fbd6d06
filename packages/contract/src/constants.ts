/** Business constants (docs/requirements.md#limits), kept once for server and web. */

/** The shop's name, in the web app's header and titles, its SMS, payment pages and API document. */
export const SHOP_NAME = '파츠몰';

export const PAGE_SIZE = {
  homeFirst: 60,
  homeMore: 12,
  homeMaxPage: 20,
  notice: 20,
  cart: 64,
  addressBook: 10,
  addressBookMobile: 100,
  chatHistory: 50,
  pagination: 10,
  memberArea: 15,
  subAccounts: 16,
  profileNotices: 5,
  /** A back-office list's page (orders, companies, products, notices, inquiries, payments, statements). */
  backOffice: 20,
  /** Upper bound the server clamps every requested page size to. */
  max: 100,
} as const;

export const TIMING = {
  stickyBarPx: 180,
  loginRedirectMs: 3000,
  joinRedirectMs: 3000,
  phoneCodeResendSec: 60,
  phoneCodeValidSec: 180,
  cartReloadMs: 300,
  configPollMs: 100,
  /** How often the web app re-reads the configuration to notice a new `ver`. */
  configVersionCheckMs: 60_000,
} as const;

export const PHONE_CODE = {
  length: 6,
  maxWrongTries: 5,
  dailyCapPerPhone: 10,
  /**
   * Codes one client address may have sent in a Seoul day, to all phones together: one address
   * cannot flood many numbers with messages (an office's shared address still has room for its staff).
   */
  dailyCapPerAddress: 30,
  /** Codes one address may have sent to one phone in a day: below the phone's cap, so one address alone cannot use it up. */
  dailyCapPerAddressAndPhone: 5,
  /** A verified code may be used to finish the join or find flow for this long. */
  verifiedUseSec: 30 * 60,
} as const;

export const LOGIN_LIMIT = {
  /** Failed logins for one id (or one address) within the window before 429. */
  maxFailures: 5,
  windowSec: 10 * 60,
} as const;

export const SESSION = {
  ttlHours: 24,
  tabIdLength: 8,
} as const;

export const COMPANY_LEVELS = ['a', 'b', 'c', 'd'] as const;
export type CompanyLevel = (typeof COMPANY_LEVELS)[number];
export const COMPANY_LEVEL_NAMES: Record<CompanyLevel, string> = {
  a: '티타늄',
  b: '골드',
  c: '실버',
  d: '브론즈',
};

export const MEMBER_TYPE_MAIN = 0;
export const MEMBER_TYPE_SUB = 1;

export const ROLES = ['member', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PRODUCT_TYPES: Record<number, string> = {
  0: '재생품',
  1: '애프터마켓',
  2: '정품',
  3: '재제조품',
  4: '중고품',
};

export const NOTICE_TYPES: Record<number, string> = { 0: '공지사항', 2: '이용안내', 3: '자주 묻는 질문' };

export const SHIPPING = {
  prepaidFee: 6000,
  payTypes: { prepaid: 0, collect: 1, pickup: 2 },
  types: { freight: 0, courier: 1, quick: 2, pickup: 4 },
} as const;

/** Labels of the shipping types and pay types, the one place they are named (docs/requirements.md#shipping). */
export const SHIPPING_TYPE_LABELS: Readonly<Record<number, string>> = {
  [SHIPPING.types.freight]: '화물',
  [SHIPPING.types.courier]: '택배',
  [SHIPPING.types.quick]: '퀵배송',
  [SHIPPING.types.pickup]: '방문수령',
};
export const PAY_TYPE_LABELS: Readonly<Record<number, string>> = {
  [SHIPPING.payTypes.prepaid]: '선불',
  [SHIPPING.payTypes.collect]: '착불',
  [SHIPPING.payTypes.pickup]: '방문수령',
};

/**
 * How an order goes, as its screens and the back office's CSV name it: the method and how its fee is
 * paid ('택배 · 선불'); a 방문수령 once, its pay type being 방문수령 too (docs/requirements.md#shipping).
 */
export function shippingWayLabel(shippingValue: number, payType: number): string {
  const way = SHIPPING_TYPE_LABELS[shippingValue] ?? String(shippingValue);
  const pay = PAY_TYPE_LABELS[payType] ?? String(payType);
  return way === pay ? way : `${way} · ${pay}`;
}

/** Where a 방문수령 order is collected: its warehouse ('한국 김포물류센터 (방문수령)'). */
export const pickupPlaceLabel = (stockName: string) => `${stockName || '-'} (방문수령)`;

export const MAX_VIN_SEARCHES_PER_DAY = 30;
/**
 * Part-number searches within a vehicle's catalogue (getCarsSearchHotKey) per window: a person
 * types a few numbers a minute; walking every prefix of a catalogue takes thousands of calls.
 */
export const EPC_HOTKEY_LIMIT = { perMember: 30, perAddress: 60, windowSec: 60 } as const;
export const TIME_ZONE = 'Asia/Seoul';

export const CASH_CHARGE = { min: 1000, max: 10_000_000, default: 1000, steps: [1000, 5000, 10_000, 50_000] } as const;

export interface LicensePackage {
  price: number;
  days: number;
  content: string;
}

/** Licence packages (docs/requirements.md#licence); the shop configuration carries them as licenseValidBuy. */
export const LICENSE_PACKAGES: LicensePackage[] = [
  { price: 30_000, days: 30, content: '30일 이용권' },
  { price: 90_000, days: 90, content: '90일 이용권' },
  { price: 200_000, days: 365, content: '365일 이용권' },
  { price: 3_000, days: 1, content: '1+1 하루 추가' },
];

/** Mobile shortcut categories (mobile home), with their Korean labels. */
export const PRODUCT_CATEGORIES = [
  { key: 'filter', label: '필터' },
  { key: 'shock', label: '쇼바' },
  { key: 'cooling', label: '냉각' },
  { key: 'gear', label: '기어' },
  { key: 'light', label: '라이트' },
  { key: 'pad', label: '패드' },
  { key: 'disc', label: '디스크' },
  { key: 'condenser', label: '콘덴서' },
  { key: 'sensor', label: '센서' },
  { key: 'radiator', label: '라디에이터' },
  { key: 'arm', label: '암' },
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number]['key'];

/** Event names of the realtime channels (docs/requirements.md#realtime-channels). */
export const TRADE_NAMESPACE = '/trade';
export const CHAT_NAMESPACE = '/chat';

export const TRADE_EVENTS = {
  requestClientBaseInfo: 'requestClientBaseInfo',
  toClientBaseInfo: 'toClientBaseInfo',
  addToCart: 'addToCart',
  addToCartCallBack: 'addToCartCallBack',
  stateCartItem: 'stateCartItem',
  stateToCartCallBack: 'stateToCartCallBack',
  requestPaymentProduct: 'requestPaymentProduct',
  paymentFinish: 'paymentFinish',
} as const;

/** Which event answers each trade request (the schemas of both: socket-events.ts). */
export const TRADE_ANSWERS = {
  requestClientBaseInfo: TRADE_EVENTS.toClientBaseInfo,
  addToCart: TRADE_EVENTS.addToCartCallBack,
  stateCartItem: TRADE_EVENTS.stateToCartCallBack,
  requestPaymentProduct: TRADE_EVENTS.paymentFinish,
} as const;

/** Event names of the chat channel. */
export const CHAT_EVENTS = {
  // client -> server (docs/requirements.md#realtime-channels)
  userMessage: 'userMessage',
  adminMessage: 'adminMessage',
  oldMessageRequest: 'oldMessageRequest',
  oldMessageAdminRequest: 'oldMessageAdminRequest',
  updateReadStatus: 'updateReadStatus',
  // server -> client (docs/requirements.md#realtime-channels)
  messageToUser: 'messageToUser',
  messageToAdmin: 'messageToAdmin',
  usersToAdmin: 'usersToAdmin',
  oldChatList: 'oldChatList',
  // ours, beyond the original API (docs/requirements.md#realtime-channels)
  /** Both ways: a side is typing (relayed, never stored). */
  typing: 'typing',
  /** Server -> both sides: one side has read up to a message (sent/read marks). */
  readStatus: 'readStatus',
  /** Server -> client: a refused event that carried no acknowledgement callback, and the 401 before closing. */
  chatError: 'chatError',
  /** Staff: ask for the whole user list again (answered with usersToAdmin). */
  usersRequest: 'usersRequest',
  /** Staff: mark a conversation open or resolved. */
  conversationState: 'conversationState',
  /** Staff: the customer's company, level, cash, cart and last orders. */
  customerInfoRequest: 'customerInfoRequest',
  cannedReplyList: 'cannedReplyList',
  cannedReplySave: 'cannedReplySave',
  cannedReplyDelete: 'cannedReplyDelete',
} as const;

/**
 * How long a withdrawn company's records are kept (docs/requirements.md#retention), the periods the
 * privacy page states and the daily sweep applies: the e-commerce act's decree for payment and supply records,
 * contracts, disputes and advertising; 통신비밀보호법 for access logs.
 */
export const RETENTION = {
  /** 대금결제 및 재화 등의 공급에 관한 기록, and the tax invoices. */
  paymentYears: 5,
  /** 계약 또는 청약철회 등에 관한 기록. */
  contractYears: 5,
  /** 소비자의 불만 또는 분쟁처리에 관한 기록 (returns, the chat). */
  disputeYears: 3,
  /** 표시·광고에 관한 기록. */
  advertisingMonths: 6,
  /** 웹사이트 방문 기록 (the server's access logs). */
  accessMonths: 3,
} as const;
