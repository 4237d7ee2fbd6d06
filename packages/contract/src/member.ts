import { z } from 'zod';
import { businessNumberField, companyNameField, userInfo } from './auth.js';
import { CASH_CHARGE, PAGE_SIZE } from './constants.js';
import { answerOf, emptyAnswer, pageAnswerOf } from './envelope.js';
import { MSG } from './messages.js';
import { MAIL_SHAPE, isCalendarDate, isPlainText } from './rules.js';

/**
 * The member area (docs/requirements.md#member-area): my info, password, delivery addresses, company info,
 * sub-accounts, security number, withdrawal, cash top-ups, licence purchase and payment histories.
 * Messages and payload rules are written once here; the web checks them on submit, the server on
 * every call.
 */
export const MSG_MEMBER = {
  mainOnly: '대표 계정만 이용할 수 있는 메뉴입니다.',

  // company invoice fields (docs/requirements.md#tax-invoices)
  bizTypeLength: '업태는 40자 이내로 입력하세요.',
  bizItemLength: '종목은 40자 이내로 입력하세요.',
  invoiceMail: '세금계산서 이메일을 확인하세요.',

  // delivery addresses
  addressAlreadyBasic: '현재 기본주소로 설정된 항목입니다.',
  addressBasicSet: '기본 배송지로 설정했습니다.',
  addressDeleted: '배송지를 삭제했습니다.',
  addressNotFound: '배송지를 찾을 수 없습니다.',

  // my info
  nameRequired: '이름을 입력하세요.',
  nameLength: '이름은 2~20자로 입력하세요.',
  phoneRequired: '연락처를 입력하세요.',
  phoneDigits: '연락처는 숫자 10~11자리로 입력하세요.',
  phoneInUse: '이미 다른 계정에서 사용 중인 연락처입니다.',
  mailRequired: '메일 주소를 입력하세요.',
  mailLength: '메일 주소는 5~100자로 입력하세요.',
  mailShape: '메일 주소 형식으로 입력하세요.',
  infoUpdated: '회원정보를 수정했습니다.',

  // password
  opwRequired: '현재 비밀번호를 입력하세요.',
  opwLength: '현재 비밀번호는 4~20자로 입력하세요.',
  opwWrong: '현재 비밀번호가 일치하지 않습니다.',
  opwTooMany: '현재 비밀번호를 여러 번 잘못 입력했습니다. 10분 후 다시 시도해 주세요.',
  pwRequired: '새 비밀번호를 입력하세요.',
  pwLength: '새 비밀번호는 4~20자로 입력하세요.',
  pwSameAsOld: '현재 비밀번호와 다른 비밀번호를 입력하세요.',
  cpwRequired: '새 비밀번호 확인을 입력하세요.',
  passwordUpdated: '비밀번호를 변경했습니다. 다른 곳에서 로그인된 세션은 종료되었습니다.',

  // company info
  licenseRequired: '사업자등록번호를 입력하세요.',
  companyNameRequired: '상호를 입력하세요.',
  ceoRequired: '대표를 입력하세요.',
  ceoLength: '대표는 2~20자로 입력하세요.',
  companyPhoneRequired: '회사 전화번호를 입력하세요.',
  companyPhoneDigits: '회사 전화번호는 숫자 10~11자리로 입력하세요.',
  faxDigits: '팩스 번호는 숫자 11자리 이내로 입력하세요.',
  companyMail: '회사 메일은 50자 이내의 메일 주소로 입력하세요.',
  postRequired: '우편번호를 입력하세요.',
  postDigits: '우편번호는 5~6자리 숫자입니다.',
  addrRequired: '주소를 입력하세요.',
  addrLength: '주소는 2~100자로 입력하세요.',
  addrSubLength: '상세주소는 100자 이내로 입력하세요.',
  licenseInUse: '이미 다른 회사가 사용 중인 사업자등록번호입니다.',
  companyUpdated: '회사정보를 수정했습니다.',

  // sub-accounts
  accountRequired: '계정을 입력하세요.',
  accountLength: '계정은 5~50자의 메일 주소로 입력하세요.',
  accountShape: '계정은 메일 주소 형식으로 입력하세요.',
  passwordRequired: '비밀번호를 입력하세요.',
  passwordLength: '비밀번호는 4~20자로 입력하세요.',
  memberMailLength: '메일 주소는 10~50자로 입력하세요.',
  accountInUse: '이미 사용 중인 계정입니다.',
  memberCreated: '계정을 등록했습니다.',
  memberUpdated: '계정 정보를 수정했습니다.',
  memberNotFound: '계정 정보를 찾을 수 없습니다.',
  memberTypeInvalid: '계정 구분을 선택하세요.',
  memberTypeChanged: '계정 구분을 변경했습니다.',
  lastMainAccount: '회사에는 사용 중인 대표 계정이 하나 이상 있어야 합니다.',
  memberStopped: '계정 사용을 중지했습니다.',
  memberResumed: '계정 사용을 다시 허용했습니다.',
  cannotStopSelf: '자신의 계정은 중지할 수 없습니다.',
  cannotResetSelf: '자신의 비밀번호는 비밀번호 변경 메뉴에서 바꾸세요.',
  passwordReset: '비밀번호를 초기화했습니다. 새 비밀번호는 지금 한 번만 표시됩니다.',

  // security number
  securityNumRenewed: '보안번호를 변경했습니다.',
  securityNumFailed: '요청이 반영되지않았습니다.',

  // withdrawal
  agreeRequired: '탈퇴 안내 사항에 모두 동의하세요.',
  userNameRequired: '이름을 입력하세요.',
  userNameMismatch: '입력한 이름이 회원 이름과 일치하지 않습니다.',
  withdrawn: '회원 탈퇴가 완료되었습니다. 그동안 이용해 주셔서 감사합니다.',
  withdrawPasswordRequired: '로그인한 지 10분이 지났습니다. 본인 확인을 위해 비밀번호를 입력하세요.',
  withdrawPasswordWrong: '비밀번호가 일치하지 않습니다. 로그인할 때 쓰는 비밀번호를 입력하세요.',

  // payments
  pgcodeRequired: '결제 수단을 선택하세요.',
  amountRequired: '충전할 금액을 입력하세요.',
  amountDigits: '결제금액은 숫자로만 입력하세요.',
  amountMin: '결제금액은 최소 1000원 입니다.',
  amountMax: '최대 1000만원까지 결제가능합니다.',
  licenseOption: '라이선스 상품을 다시 선택하세요.',
  paymentStartFailed: '결제요청 시 오류가 발생하였습니다.',
  paymentWindowReady: '결제창을 엽니다. 결제를 마치면 창이 닫힙니다.',
  paymentDone: '결제가 완료되었습니다.',
  paymentDeclined: '결제가 거절되었습니다.',
  paymentAlreadyDone: '이미 처리된 결제입니다.',
  paymentConflict: '이미 다른 결과로 처리된 결제입니다.',
  paymentNotFound: '결제 정보를 찾을 수 없습니다.',
  paymentSignature: '결제 확인 서명이 올바르지 않습니다.',
  paymentAmountMismatch: '결제 금액이 요청한 금액과 일치하지 않습니다.',
  paymentActionInvalid: '이 결제 수단에서는 할 수 없는 요청입니다.',

  // histories
  dateRangeRequired: '날짜구간을 지정하세요.',
  dateInvalid: '날짜는 YYYY-MM-DD 형식으로 입력하세요.',
  dateRangeOrder: '시작일이 종료일보다 늦습니다.',
} as const;

const plain = (schema: z.ZodString) => schema.refine(isPlainText, MSG.textInvalid);
const required = (msg: string) => z.string({ error: msg }).trim().min(1, msg);
const id = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);
const digitsField = (min: number, max: number, requiredMsg: string, msg: string) =>
  (min > 0 ? required(requiredMsg) : z.string({ error: msg }).trim()).regex(new RegExp(`^\\d{${min},${max}}$`), msg);

/** A request naming one row of the caller's company (address, member). Other fields of the row are ignored. */
export const seqRequest = z.object({ seq: id });
export type SeqRequest = z.input<typeof seqRequest>;

// ---------------------------------------------------------------- my info and password

export const personNameField = plain(
  required(MSG_MEMBER.nameRequired).min(2, MSG_MEMBER.nameLength).max(20, MSG_MEMBER.nameLength),
);
export const contactPhoneField = digitsField(10, 11, MSG_MEMBER.phoneRequired, MSG_MEMBER.phoneDigits);

export const updateMyInfoRequest = z.object({
  /** Sent by the form; the server always edits the caller. */
  seq: z.number().optional(),
  name: personNameField,
  phone: contactPhoneField,
  mail: required(MSG_MEMBER.mailRequired)
    .min(5, MSG_MEMBER.mailLength)
    .max(100, MSG_MEMBER.mailLength)
    .regex(MAIL_SHAPE, MSG_MEMBER.mailShape),
});
export type UpdateMyInfoRequest = z.input<typeof updateMyInfoRequest>;

export const updateMyPasswordRequest = z
  .object({
    opw: z
      .string({ error: MSG_MEMBER.opwRequired })
      .min(1, MSG_MEMBER.opwRequired)
      .min(4, MSG_MEMBER.opwLength)
      .max(20, MSG_MEMBER.opwLength),
    pw: z
      .string({ error: MSG_MEMBER.pwRequired })
      .min(1, MSG_MEMBER.pwRequired)
      .min(4, MSG_MEMBER.pwLength)
      .max(20, MSG_MEMBER.pwLength),
    cpw: z.string({ error: MSG_MEMBER.cpwRequired }).min(1, MSG_MEMBER.cpwRequired),
  })
  .refine((v) => v.pw === v.cpw, { path: ['cpw'], error: MSG.passwordMismatch })
  .refine((v) => v.pw !== v.opw, { path: ['pw'], error: MSG_MEMBER.pwSameAsOld });
export type UpdateMyPasswordRequest = z.input<typeof updateMyPasswordRequest>;

// ---------------------------------------------------------------- company info (main account)

export const updateCompanyInfoRequest = z.object({
  license: businessNumberField,
  name: companyNameField,
  ceo: plain(required(MSG_MEMBER.ceoRequired).min(2, MSG_MEMBER.ceoLength).max(20, MSG_MEMBER.ceoLength)),
  phone: digitsField(10, 11, MSG_MEMBER.companyPhoneRequired, MSG_MEMBER.companyPhoneDigits),
  fax: digitsField(0, 11, '', MSG_MEMBER.faxDigits).default(''),
  mail: z
    .string({ error: MSG_MEMBER.companyMail })
    .trim()
    .max(50, MSG_MEMBER.companyMail)
    .refine((v) => v === '' || MAIL_SHAPE.test(v), MSG_MEMBER.companyMail)
    .default(''),
  postMain: digitsField(5, 6, MSG_MEMBER.postRequired, MSG_MEMBER.postDigits),
  addrMain: plain(required(MSG_MEMBER.addrRequired).min(2, MSG_MEMBER.addrLength).max(100, MSG_MEMBER.addrLength)),
  addrSub: plain(z.string({ error: MSG_MEMBER.addrSubLength }).trim().max(100, MSG_MEMBER.addrSubLength)).default(''),
  // What a 전자세금계산서 needs (docs/requirements.md#tax-invoices): fields of ours, optional, so the
  // spec's payload is accepted as it is and leaves them unchanged.
  /** 업태 */
  bizType: plain(z.string({ error: MSG_MEMBER.bizTypeLength }).trim().max(40, MSG_MEMBER.bizTypeLength)).optional(),
  /** 종목 */
  bizItem: plain(z.string({ error: MSG_MEMBER.bizItemLength }).trim().max(40, MSG_MEMBER.bizItemLength)).optional(),
  invoiceMail: z
    .string({ error: MSG_MEMBER.invoiceMail })
    .trim()
    .max(100, MSG_MEMBER.invoiceMail)
    .refine((v) => v === '' || MAIL_SHAPE.test(v), MSG_MEMBER.invoiceMail)
    .optional(),
  invoiceMode: z.enum(['order', 'monthly'], { error: MSG.badRequest }).optional(),
});
export type UpdateCompanyInfoRequest = z.input<typeof updateCompanyInfoRequest>;

// ---------------------------------------------------------------- sub-accounts (main account)

const pageField = z.coerce
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(100_000, MSG.badRequest);
const sizeField = (dflt: number) =>
  z.coerce
    .number({ error: MSG.badRequest })
    .int(MSG.badRequest)
    .min(1, MSG.badRequest)
    .transform((n) => Math.min(n, PAGE_SIZE.max))
    .default(dflt);

export const memberListRequest = z.object({
  searchType: z.enum(['name', 'id', 'phone', '']).optional(),
  searchKeyword: z.string().trim().max(50).optional(),
  page: pageField.default(1),
  size: sizeField(PAGE_SIZE.subAccounts),
});
export type MemberListRequest = z.input<typeof memberListRequest>;

/** One account of the company as the sub-account table lists it. */
export const memberListItem = z.object({
  seq: z.number().int(),
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  mail: z.string(),
  /** 0 main account, 1 sub-account. */
  type: z.number().int(),
  status: z.enum(['active', 'stopped']),
  created: z.iso.datetime(),
});
export type MemberListItem = z.infer<typeof memberListItem>;

const accountField = z
  .string({ error: MSG_MEMBER.accountRequired })
  .trim()
  .min(1, MSG_MEMBER.accountRequired)
  .min(5, MSG_MEMBER.accountLength)
  .max(50, MSG_MEMBER.accountLength)
  .regex(MAIL_SHAPE, MSG_MEMBER.accountShape)
  .transform((v) => v.toLowerCase());
const memberMailField = required(MSG_MEMBER.mailRequired)
  .min(10, MSG_MEMBER.memberMailLength)
  .max(50, MSG_MEMBER.memberMailLength)
  .regex(MAIL_SHAPE, MSG_MEMBER.mailShape);
const accountPasswordField = z
  .string({ error: MSG_MEMBER.passwordRequired })
  .min(1, MSG_MEMBER.passwordRequired)
  .min(4, MSG_MEMBER.passwordLength)
  .max(20, MSG_MEMBER.passwordLength);

/** Registering a sub-account: id (a mail address, the login id) and pw only here. */
export const createMemberRequest = z.object({
  id: accountField,
  pw: accountPasswordField,
  name: personNameField,
  phone: contactPhoneField,
  mail: memberMailField,
});
/** Editing an account of the company: name, phone and mail. */
export const editMemberRequest = z.object({
  seq: id,
  name: personNameField,
  phone: contactPhoneField,
  mail: memberMailField,
});

/**
 * api/setMallMemberInfo: without seq it registers a sub-account (createMemberRequest), with seq
 * it edits that account (editMemberRequest; id and pw are ignored). Issues come in form order.
 */
export const saveMemberRequest = z.looseObject({ seq: z.unknown().optional() }).transform((value, ctx) => {
  const parsed = value.seq === undefined ? createMemberRequest.safeParse(value) : editMemberRequest.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
});
export type SaveMemberRequest = z.input<typeof createMemberRequest> | z.input<typeof editMemberRequest>;

export const memberTypeRequest = z.object({
  seq: id,
  type: z.union([z.literal(0), z.literal(1)], { error: MSG_MEMBER.memberTypeInvalid }),
});
export type MemberTypeRequest = z.input<typeof memberTypeRequest>;

/** Stops an account (default) or, with status 'active', lets a stopped one in again. */
export const memberStateRequest = z.object({
  seq: id,
  status: z.enum(['stopped', 'active']).default('stopped'),
});
export type MemberStateRequest = z.input<typeof memberStateRequest>;

// ---------------------------------------------------------------- withdrawal

const agreed = z.literal(true, { error: MSG_MEMBER.agreeRequired });
export const withdrawRequest = z.object({
  agree1: agreed,
  agree2: agreed,
  agree3: agreed,
  agree4: agreed,
  userName: required(MSG_MEMBER.userNameRequired).max(50, MSG_MEMBER.userNameMismatch),
  /**
   * Ours (optional): the password again, needed when the session is older than
   * WITHDRAW_REAUTH_SEC, so that a session taken over cannot end the company on a typed name.
   * An empty field is an absent one.
   */
  pw: z
    .string({ error: MSG_MEMBER.withdrawPasswordWrong })
    .max(100, MSG_MEMBER.withdrawPasswordWrong)
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
export type WithdrawRequest = z.input<typeof withdrawRequest>;

/** A session older than this must give the password again to withdraw. */
export const WITHDRAW_REAUTH_SEC = 10 * 60;
/** api/withdrawCheck: whether the withdrawal form must ask for the password now. */
export const withdrawCheckAnswer = answerOf(z.object({ pwRequired: z.boolean() }));

/** The withdraw button is enabled only when every box is ticked and the typed name is the user's. */
export function canWithdraw(
  form: { agree1: boolean; agree2: boolean; agree3: boolean; agree4: boolean; userName: string },
  name: string,
): boolean {
  return form.agree1 && form.agree2 && form.agree3 && form.agree4 && form.userName.trim() === name.trim();
}

// ---------------------------------------------------------------- payments

export const PGCODES = ['creditcard', 'banktransfer'] as const;
export type PgCode = (typeof PGCODES)[number];
/** Payment types a record may show: the two gateways and 'manager' (a charge the shop made). */
export const PAYMENT_PGCODE_LABELS: Record<string, string> = {
  creditcard: '신용카드',
  banktransfer: '계좌이체',
  manager: '관리자',
};

/**
 * A cash amount: an integer of won, from a number or a digits-only string without a leading
 * zero ('50000'); '50,000', '1000.5', '1e4' and the like are refused.
 */
export function parseChargeAmount(value: unknown): { ok: true; amount: number } | { ok: false; message: string } {
  if (value === undefined || value === null || value === '') return { ok: false, message: MSG_MEMBER.amountRequired };
  let n: number;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) return { ok: false, message: MSG_MEMBER.amountDigits };
    n = value;
  } else if (typeof value === 'string') {
    if (!/^(0|[1-9]\d*)$/.test(value)) return { ok: false, message: MSG_MEMBER.amountDigits };
    n = Number(value);
  } else {
    return { ok: false, message: MSG_MEMBER.amountDigits };
  }
  if (n < CASH_CHARGE.min) return { ok: false, message: MSG_MEMBER.amountMin };
  if (n > CASH_CHARGE.max) return { ok: false, message: MSG_MEMBER.amountMax };
  return { ok: true, amount: n };
}

export const chargeAmountField = z.unknown().transform((value, ctx) => {
  const parsed = parseChargeAmount(value);
  if (parsed.ok) return parsed.amount;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

const pgcodeField = z.enum(PGCODES, { error: MSG_MEMBER.pgcodeRequired });

export const cashPaymentRequest = z.object({ pgcode: pgcodeField, amount: chargeAmountField });
export type CashPaymentRequest = z.input<typeof cashPaymentRequest>;

/** A licence package of the shop configuration (licenseValidBuy), picked by price and, when given, days. */
export const licensePaymentRequest = z.object({
  pgcode: pgcodeField,
  amount: chargeAmountField,
  days: z
    .number({ error: MSG_MEMBER.licenseOption })
    .int(MSG_MEMBER.licenseOption)
    .min(1, MSG_MEMBER.licenseOption)
    .max(3650, MSG_MEMBER.licenseOption)
    .optional(),
});
export type LicensePaymentRequest = z.input<typeof licensePaymentRequest>;

/** Answer of payCenter/showCashPaymentWinow and showLicensePaymentWinow (code 200). */
export const paymentWindowAnswer = answerOf(z.object({ online_url: z.string(), paymentId: z.string() })).extend({
  /** The page to open in the 600x400 popup (also in results, where the web app reads it). */
  online_url: z.string(),
});
export type PaymentWindowAnswer = z.infer<typeof paymentWindowAnswer>;

/**
 * What a gateway sends to POST /payCenter/callback. signature = hex HMAC-SHA256 of
 * `${paymentId}:${amount}:${status}` with the gateway's secret.
 */
export const gatewayConfirmation = z.object({
  paymentId: z.string().trim().min(1).max(100),
  amount: z.union([
    z.number().int().min(0),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ]),
  status: z.enum(['paid', 'declined']),
  signature: z.string().trim().min(1).max(200),
});
export type GatewayConfirmation = z.output<typeof gatewayConfirmation>;

/**
 * The one date schema of every call with dates: a real calendar day written YYYY-MM-DD, or '' for
 * none. Impossible days (2026-02-30, 2026-13-01, 0000-00-00) are refused with the form's message.
 */
export const calendarDateField = z
  .string({ error: MSG_MEMBER.dateInvalid })
  .trim()
  .refine((v) => v === '' || isCalendarDate(v), MSG_MEMBER.dateInvalid);

/**
 * A date-range list query (orders, cash and licence payment histories): with searchType 'date',
 * both dates are needed (Asia/Seoul days, inclusive) and the start may not follow the end.
 */
export const dateRangeListRequest = z
  .object({
    startDate: calendarDateField.optional(),
    endDate: calendarDateField.optional(),
    searchType: z.enum(['date', '']).optional(),
    page: pageField.default(1),
    size: sizeField(PAGE_SIZE.memberArea),
  })
  .superRefine((v, ctx) => {
    if (v.searchType !== 'date') return;
    if (!v.startDate || !v.endDate) {
      ctx.addIssue({
        code: 'custom',
        path: [v.startDate ? 'endDate' : 'startDate'],
        message: MSG_MEMBER.dateRangeRequired,
      });
    } else if (v.startDate > v.endDate) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: MSG_MEMBER.dateRangeOrder });
    }
  });
export type DateRangeListRequest = z.input<typeof dateRangeListRequest>;

/** Payment histories (api/mallCashPaymentInfo, api/mallLicensePaymentInfo). */
export const paymentHistoryRequest = dateRangeListRequest;
export type PaymentHistoryRequest = DateRangeListRequest;

/** One paid record of the cash or licence payment history. */
export const paymentRecord = z.object({
  seq: z.number().int(),
  /** The instant the payment was confirmed. */
  transaction_date: z.iso.datetime(),
  pgcode: z.enum(['creditcard', 'banktransfer', 'manager']),
  product_name: z.string(),
  user_name: z.string(),
  amount: z.number().int(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

/**
 * A bank transfer whose window was opened but whose deposit has not arrived: the account to pay
 * into, the amount, and until when (listed above the payment history, since the window that showed
 * the account may be closed).
 */
export const pendingTransfer = z.object({
  paymentId: z.string(),
  product_name: z.string(),
  amount: z.number().int(),
  /** When the transfer was started. */
  created: z.iso.datetime(),
  bank: z.string(),
  account: z.string(),
  holder: z.string(),
  /** The last instant the deposit is accepted; null when the gateway names none. */
  dueDate: z.iso.datetime().nullable(),
});
export type PendingTransfer = z.infer<typeof pendingTransfer>;
/** api/mallPendingTransfers: 'point' (cash, the default) or 'license'. */
export const pendingTransfersRequest = z.object({ kind: z.enum(['point', 'license']).optional() });
export const pendingTransfersAnswer = answerOf(z.array(pendingTransfer));

/** The licence package a purchase names: same price, and same days when days are given; null when none fits. */
export function findLicensePackage<T extends { price: number; days: number }>(
  packages: readonly T[],
  amount: number,
  days?: number,
): T | null {
  return packages.find((p) => p.price === amount && (days === undefined || p.days === days)) ?? null;
}

// ---------------------------------------------------------------- answers

/** api/getMallMemberInfo: a page of the company's accounts. */
export const memberPageAnswer = pageAnswerOf(memberListItem);
/** api/updateMyCompanyInfo: the user's info with the company as saved. */
export const companyInfoAnswer = answerOf(z.object({ userInfo }));
/** api/initMallMemberPw: the new random password, shown once. */
export const passwordResetAnswer = answerOf(z.object({ pw: z.string() }));
/** api/updateSecurityNumber: the new security number. */
export const securityNumberAnswer = answerOf(z.object({ securityNum: z.string() }));
/** Writes answered by code 201 and a message alone (password, type, state, address moves, withdrawal). */
export const memberWriteAnswer = emptyAnswer;
/** api/mallCashPaymentInfo, api/mallLicensePaymentInfo. */
export const paymentPageAnswer = pageAnswerOf(paymentRecord);
/** payCenter/callback: how a gateway confirmation was applied. */
export const gatewayCallbackAnswer = answerOf(
  z.object({ paymentId: z.string(), status: z.enum(['pending', 'paid', 'declined']), repeated: z.boolean() }),
);
