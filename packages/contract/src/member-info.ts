import { z } from 'zod';
import { businessNumberField, companyNameField, passwordOf, personNameField, userInfo } from './auth.js';
import { answerOf, emptyAnswer } from './envelope.js';
import { MSG } from './messages.js';
import { MAIL_SHAPE, groupDigits, hasVisibleText, isPrintableOnDocuments } from './rules.js';
import { plainText } from './text-field.js';
import { required, digitsField, isAsciiMail } from './member-fields.js';
import { fromDigits, memberSeq, rowId } from './page-fields.js';

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
  invoiceModeInvalid: '세금계산서 발행 방식을 다시 선택하세요.',

  // delivery addresses
  addressAlreadyBasic: '현재 기본주소로 설정된 항목입니다.',
  addressBasicSet: '기본 배송지로 설정했습니다.',
  addressDeleted: '배송지를 삭제했습니다.',
  addressNotFound: '배송지를 찾을 수 없습니다.',
  /** A saved address's `basic` other than true or false, as a boolean or its text (docs/requirements.md#validation). */
  addressBasicType: "'기본 배송지'는 예 또는 아니오로 선택하세요.",
  // the member area's list searches: a searchType outside its list (docs/requirements.md#validation)
  periodSearchTypeInvalid: '검색 기준(기간)을 다시 선택하세요.',
  addressSearchTypeInvalid: '검색 기준(이름 또는 연락처)을 다시 선택하세요.',
  memberSearchTypeInvalid: '검색 기준(이름, 아이디 또는 연락처)을 다시 선택하세요.',

  // my info
  nameRequired: MSG.nameRequired,
  nameLength: MSG.nameLength,
  phoneRequired: '연락처를 입력하세요.',
  phoneDigits: '연락처는 숫자 10~11자리로 입력하세요.',
  phoneInUse: '이미 다른 계정에서 사용 중인 연락처입니다.',
  mailRequired: '메일 주소를 입력하세요.',
  mailLength: '메일 주소는 5~100자로 입력하세요.',
  mailShape: '메일 주소 형식으로 입력하세요.',
  mailAscii: '메일 주소는 영문, 숫자와 기호로만 입력하세요. 한글, 전각 문자, 보이지 않는 문자는 쓸 수 없습니다.',
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
  ceoPictograph: '대표에는 이모지 같은 그림 문자를 넣을 수 없습니다. 사업자등록증에 적힌 대로 입력하세요.',
  companyPhoneRequired: '회사 전화번호를 입력하세요.',
  companyPhoneDigits: '회사 전화번호는 숫자 10~11자리로 입력하세요.',
  faxDigits: '팩스 번호는 숫자 11자리 이내로 입력하세요.',
  companyMail: '회사 메일은 50자 이내의 메일 주소로 입력하세요.',
  postRequired: '우편번호를 입력하세요.',
  postDigits: '우편번호는 5~6자리 숫자입니다.',
  addrRequired: '주소를 입력하세요.',
  addrLength: '주소는 2~100자로 입력하세요.',
  addrPictograph: '주소에는 이모지 같은 그림 문자를 넣을 수 없습니다. 사업자등록증에 적힌 대로 입력하세요.',
  addrSubLength: '상세주소는 100자 이내로 입력하세요.',
  licenseInUse: '이미 다른 회사가 사용 중인 사업자등록번호입니다.',
  companyUpdated: '회사정보를 수정했습니다.',

  // sub-accounts
  accountRequired: '계정을 입력하세요.',
  accountLength: '계정은 5~50자의 메일 주소로 입력하세요.',
  accountShape: '계정은 메일 주소 형식으로 입력하세요.',
  accountAscii: '계정은 영문, 숫자와 기호로만 입력하세요. 한글, 전각 문자, 보이지 않는 문자는 쓸 수 없습니다.',
  accountReserved: '.invalid로 끝나는 주소는 계정으로 쓸 수 없습니다.',
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
  /** api/stateMemberInfo's targetStatus other than 'stopped' or 'active'. */
  memberStateInvalid: '계정 상태를 다시 선택하세요.',
  stoppedByShop: '쇼핑몰에서 사용을 중지한 계정입니다. 다시 사용하려면 고객센터에 문의하세요.',
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
  /** A main account's withdrawal while the company has an order staff still handle (docs/requirements.md#withdrawal). */
  withdrawOrdersInProgress:
    '처리 중인 주문이 있어 탈퇴할 수 없습니다. 주문이 출고 완료되거나 취소·반품 처리된 뒤 탈퇴하세요.',
  /** A main account's withdrawal while the company owes 외상, the amount in won (docs/requirements.md#withdrawal). */
  withdrawCreditOwed: (won: number) =>
    `외상 미수금 ${groupDigits(won)}원이 남아 있어 탈퇴할 수 없습니다. 마이페이지 > 외상 거래에서 명세서를 결제(카드, 가상계좌, 캐시)한 뒤 탈퇴하세요. 명세서에 아직 오르지 않은 금액은 월말 마감으로 명세서가 나온 뒤 결제할 수 있습니다.`,

  // payments
  pgcodeRequired: '결제 수단을 선택하세요.',
  amountRequired: '충전할 금액을 입력하세요.',
  amountDigits: '결제금액은 숫자로만 입력하세요.',
  amountMin: '결제금액은 최소 1000원 입니다.',
  amountMax: '최대 1000만원까지 결제가능합니다.',
  licenseOption: '라이선스 상품을 다시 선택하세요.',
  /** api/mallPendingTransfers' kind other than 'point' or 'license'. */
  pendingKindInvalid: '조회할 결제 종류를 다시 선택하세요.',
  paymentStartFailed: '결제요청 시 오류가 발생하였습니다.',
  paymentWindowReady: '결제창을 엽니다. 결제를 마치면 창이 닫힙니다.',
  paymentDone: '결제가 완료되었습니다.',
  paymentDeclined: '결제가 거절되었습니다.',
  paymentAlreadyDone: '이미 처리된 결제입니다.',
  paymentConflict: '이미 다른 결과로 처리된 결제입니다.',
  /** A payment its company's withdrawal ended: nothing is taken for a company that has left. */
  paymentEnded: '회원 탈퇴로 취소된 결제입니다. 결제되지 않았으며 금액이 청구되지 않습니다.',
  /** The provider took the money before the refusal and could not give it back at once: staff refund it. */
  paymentEndedRefund: '회원 탈퇴로 취소된 결제입니다. 이미 결제된 금액은 고객센터에서 환불해 드립니다.',
  paymentNotFound: '결제 정보를 찾을 수 없습니다.',
  paymentSignature: '결제 확인 서명이 올바르지 않습니다.',
  paymentAmountMismatch: '결제 금액이 요청한 금액과 일치하지 않습니다.',
  paymentActionInvalid: '이 결제 수단에서는 할 수 없는 요청입니다.',

  // histories
  dateRangeRequired: '날짜구간을 지정하세요.',
  dateInvalid: '날짜는 YYYY-MM-DD 형식으로 입력하세요.',
  /** A date of the right shape that no calendar has (2026-02-30). */
  dateImpossible: '없는 날짜입니다. 달력에 있는 날짜를 입력하세요.',
  dateRangeOrder: '시작일이 종료일보다 늦습니다.',
} as const;

/** A request naming one of the company's saved addresses. Other fields of the row are ignored. */
export const addressSeqRequest = z.object({ seq: rowId(MSG_MEMBER.addressNotFound) });
/** A request naming one account of the caller's company. Other fields of the row are ignored. */
export const memberSeqRequest = z.object({ seq: memberSeq });

// ---------------------------------------------------------------- my info and password

/**
 * An account's name in a call that edits it (my info, a sub-account's edit): a changed name follows
 * personNameField, the name the account has is taken unchanged. A join stores a name nobody typed
 * (the company name, 1-50, or the login id's part before '@'), and saving my info with only the
 * phone changed must not be refused for a rule the shop broke itself (docs/requirements.md#validation).
 * Only the server knows the stored name: the call takes any plain name up to 50 (the longest a join
 * stores), and the server asks `nameChangeRefusal`; a form that knows it uses `editedNameField`.
 */
export const storedNameField = plainText(required(MSG_MEMBER.nameRequired).max(50, MSG_MEMBER.nameLength));

/** Why `name` (trimmed) is refused for an account whose name is `stored`, or null. */
export function nameChangeRefusal(name: string, stored: string): string | null {
  if (name === stored) return null;
  const parsed = personNameField.safeParse(name);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/** The name field of a form editing an account whose name is `stored`. */
export const editedNameField = (stored: string) =>
  storedNameField.superRefine((name, ctx) => {
    const refusal = nameChangeRefusal(name, stored);
    if (refusal !== null) ctx.addIssue({ code: 'custom', message: refusal });
  });

export const contactPhoneField = digitsField(10, 11, MSG_MEMBER.phoneRequired, MSG_MEMBER.phoneDigits);

export const updateMyInfoRequest = z.object({
  /** Sent by the form, a number or a string of digits; the server always edits the caller. */
  seq: fromDigits(z.number({ error: MSG.badRequest })).optional(),
  name: storedNameField,
  phone: contactPhoneField,
  mail: required(MSG_MEMBER.mailRequired)
    .min(5, MSG_MEMBER.mailLength)
    .max(100, MSG_MEMBER.mailLength)
    .regex(MAIL_SHAPE, MSG_MEMBER.mailShape)
    .refine(isAsciiMail, MSG_MEMBER.mailAscii),
});
export type UpdateMyInfoRequest = z.input<typeof updateMyInfoRequest>;

export const updateMyPasswordRequest = z
  .object({
    opw: passwordOf(MSG_MEMBER.opwRequired, MSG_MEMBER.opwLength, 'stored'),
    pw: passwordOf(MSG_MEMBER.pwRequired, MSG_MEMBER.pwLength, 'chosen'),
    cpw: z.string({ error: MSG_MEMBER.cpwRequired }).min(1, MSG_MEMBER.cpwRequired),
  })
  .refine((v) => v.pw === v.cpw, { path: ['cpw'], error: MSG.passwordMismatch })
  .refine((v) => v.pw !== v.opw, { path: ['pw'], error: MSG_MEMBER.pwSameAsOld });
export type UpdateMyPasswordRequest = z.input<typeof updateMyPasswordRequest>;

// ---------------------------------------------------------------- company info (main account)

/** How a company's 전자세금계산서 are issued: one an order, or a 월합계 a month (docs/requirements.md#tax-invoices). */
export const INVOICE_MODES = ['order', 'monthly'] as const;
export type InvoiceMode = (typeof INVOICE_MODES)[number];

/** Text that shows nothing (Hangul fillers, U+200B) is stored as the blank it reads as. */
const blankIfInvisible = (schema: z.ZodType<string, string>) => schema.transform((v) => (hasVisibleText(v) ? v : ''));

/**
 * A company's invoice fields, each optional: the company form and the back office's invoice form
 * (companyInvoiceInfoRequest) take them by the same rules.
 */
export const invoiceFields = {
  /** 업태 (fillers alone are blank, docs/requirements.md#validation: the invoice is then parked) */
  bizType: blankIfInvisible(
    plainText(z.string({ error: MSG_MEMBER.bizTypeLength }).trim().max(40, MSG_MEMBER.bizTypeLength)),
  ).optional(),
  /** 종목 */
  bizItem: blankIfInvisible(
    plainText(z.string({ error: MSG_MEMBER.bizItemLength }).trim().max(40, MSG_MEMBER.bizItemLength)),
  ).optional(),
  invoiceMail: z
    .string({ error: MSG_MEMBER.invoiceMail })
    .trim()
    .max(100, MSG_MEMBER.invoiceMail)
    .refine((v) => v === '' || MAIL_SHAPE.test(v), MSG_MEMBER.invoiceMail)
    .refine(isAsciiMail, MSG_MEMBER.mailAscii)
    .optional(),
  invoiceMode: z.enum(INVOICE_MODES, { error: MSG_MEMBER.invoiceModeInvalid }).optional(),
};

export const updateCompanyInfoRequest = z.object({
  license: businessNumberField,
  name: companyNameField,
  // 대표 and 주소 are printed on the paperwork, as the 상호: no emoji (docs/requirements.md#validation).
  ceo: plainText(
    required(MSG_MEMBER.ceoRequired)
      .refine(hasVisibleText, MSG_MEMBER.ceoRequired)
      .min(2, MSG_MEMBER.ceoLength)
      .max(20, MSG_MEMBER.ceoLength)
      .refine(isPrintableOnDocuments, MSG_MEMBER.ceoPictograph),
  ),
  phone: digitsField(10, 11, MSG_MEMBER.companyPhoneRequired, MSG_MEMBER.companyPhoneDigits),
  fax: digitsField(0, 11, '', MSG_MEMBER.faxDigits).default(''),
  mail: z
    .string({ error: MSG_MEMBER.companyMail })
    .trim()
    .max(50, MSG_MEMBER.companyMail)
    .refine((v) => v === '' || MAIL_SHAPE.test(v), MSG_MEMBER.companyMail)
    .refine(isAsciiMail, MSG_MEMBER.mailAscii)
    .default(''),
  postMain: digitsField(5, 6, MSG_MEMBER.postRequired, MSG_MEMBER.postDigits),
  addrMain: plainText(
    required(MSG_MEMBER.addrRequired)
      .min(2, MSG_MEMBER.addrLength)
      .max(100, MSG_MEMBER.addrLength)
      .refine(isPrintableOnDocuments, MSG_MEMBER.addrPictograph),
  ),
  addrSub: plainText(
    z
      .string({ error: MSG_MEMBER.addrSubLength })
      .trim()
      .max(100, MSG_MEMBER.addrSubLength)
      .refine(isPrintableOnDocuments, MSG_MEMBER.addrPictograph),
  ).default(''),
  // What a 전자세금계산서 needs (docs/requirements.md#tax-invoices): fields of ours, optional, so the
  // original payload is accepted as it is and leaves them unchanged.
  ...invoiceFields,
});
export type UpdateCompanyInfoRequest = z.input<typeof updateCompanyInfoRequest>;

// ---------------------------------------------------------------- withdrawal

const agreed = z.literal(true, { error: MSG_MEMBER.agreeRequired });
export const withdrawRequest = z.object({
  agree1: agreed,
  agree2: agreed,
  agree3: agreed,
  agree4: agreed,
  userName: plainText(required(MSG_MEMBER.userNameRequired).max(50, MSG_MEMBER.userNameMismatch)),
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
/**
 * api/withdrawCheck: whether the withdrawal form must ask for the password now, how many of the
 * company's orders hold a main account's withdrawal back, and the 외상 in won it owes, which holds it
 * back too (both 0 for a sub-account; absent from an older server).
 */
export const withdrawCheckAnswer = answerOf(
  z.object({
    pwRequired: z.boolean(),
    ordersInProgress: z.number().int().min(0).optional(),
    creditOwed: z.number().int().min(0).optional(),
  }),
);

/** The withdraw button is enabled only when every box is ticked and the typed name is the user's. */
export function canWithdraw(
  form: { agree1: boolean; agree2: boolean; agree3: boolean; agree4: boolean; userName: string },
  name: string,
): boolean {
  return form.agree1 && form.agree2 && form.agree3 && form.agree4 && form.userName.trim() === name.trim();
}

// ---------------------------------------------------------------- answers

/** api/updateMyCompanyInfo: the user's info with the company as saved. */
export const companyInfoAnswer = answerOf(z.object({ userInfo }));

/** api/updateSecurityNumber: the new security number. */
export const securityNumberAnswer = answerOf(z.object({ securityNum: z.string() }));
/** Writes answered by code 201 and a message alone (password, type, state, address moves, withdrawal). */
export const memberWriteAnswer = emptyAnswer;
