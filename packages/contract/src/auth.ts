import { z } from 'zod';
import { answerOf } from './envelope.js';
import { MSG } from './messages.js';
import {
  MAIL_SHAPE,
  hasVisibleText,
  isPrintableOnDocuments,
  isValidBusinessNumber,
  newLoginIdRefusal,
} from './rules.js';
import { digitsFromNumber } from './page-fields.js';
import { plainText } from './text-field.js';

/** Field rules (docs/requirements.md#validation), written once: the web uses them on blur and submit, the server on every call. */

/** A login id as a login takes it: any id in a mail's shape, so that every id stored so far still logs in. */
export const storedLoginIdField = z
  .string({ error: MSG.loginIdRequired })
  .trim()
  .min(1, MSG.loginIdRequired)
  .min(5, MSG.loginIdLength)
  .max(50, MSG.loginIdLength)
  .regex(MAIL_SHAPE, MSG.loginIdShape)
  .transform((v) => v.toLowerCase());

/** The refusals of a new login id (`newLoginIdRefusal`); the other login texts are messages.ts's. */
export const MSG_LOGIN_ID = {
  ascii: '아이디는 영문, 숫자와 기호로만 입력하세요. 한글, 전각 문자, 보이지 않는 문자는 쓸 수 없습니다.',
  reserved: '.invalid로 끝나는 주소는 아이디로 쓸 수 없습니다.',
  shape: MSG.loginIdShape,
} as const;

/**
 * A login id chosen now (a join, the chat sign-up): a login's id, in printable ASCII, outside the
 * reserved `.invalid` form of withdrawn accounts and without an empty domain label ('a@b.kr.')
 * (docs/requirements.md#validation).
 */
export const loginIdField = storedLoginIdField.superRefine((id, ctx) => {
  const refusal = newLoginIdRefusal(id);
  if (refusal !== null) ctx.addIssue({ code: 'custom', message: MSG_LOGIN_ID[refusal] });
});

/**
 * A password field of 4-20 characters with its form's two messages. A password being chosen (`chosen`)
 * must also hold a visible character: four spaces, Hangul fillers (U+3164) or zero-width spaces alone
 * were taken as a password (docs/requirements.md#accounts-and-sessions).
 * A login and a current password take what was stored before, so an earlier password still logs in.
 */
export function passwordOf(requiredText: string, lengthText: string, use: 'chosen' | 'stored') {
  const field = z.string({ error: requiredText }).min(1, requiredText).min(4, lengthText).max(20, lengthText);
  return use === 'chosen' ? field.refine(hasVisibleText, requiredText) : field;
}

/** A login's password: whatever was stored. */
export const storedPasswordField = passwordOf(MSG.passwordRequired, MSG.passwordLength, 'stored');
/** A password being chosen: a join, the chat sign-up, a found account's new password. */
export const passwordField = passwordOf(MSG.passwordRequired, MSG.passwordLength, 'chosen');

export const businessNumberField = z
  .string({ error: MSG.licenseRequired })
  .trim()
  .min(1, MSG.licenseRequired)
  .regex(/^\d{10}$/, MSG.licenseDigits)
  .refine(isValidBusinessNumber, MSG.licenseChecksum);

export const mobilePhoneField = z
  .string({ error: MSG.phoneRequired })
  .trim()
  .min(1, MSG.phoneRequired)
  .regex(/^\d{11}$/, MSG.phoneDigits)
  .regex(/^01[016789]\d{8}$/, MSG.phoneShape);

export const authCodeField = z
  .string({ error: MSG.codeRequired })
  .trim()
  .min(1, MSG.codeRequired)
  .regex(/^\d{6}$/, MSG.codeDigits);

/**
 * 1-50 characters, one of them visible: a name of U+200B or Hangul fillers alone is a blank one; no
 * emoji, as no registration holds one and the paperwork prints the name (docs/requirements.md#validation).
 */
export const companyNameField = plainText(
  z
    .string({ error: MSG.companyNameRequired })
    .trim()
    .min(1, MSG.companyNameRequired)
    .refine(hasVisibleText, MSG.companyNameRequired)
    .max(50, MSG.companyNameLength)
    .refine(isPrintableOnDocuments, MSG.companyNamePictograph),
);

/** A person's name as typed (sub-account join, my info, sub-accounts): 2-20 characters, one of them visible. */
export const personNameField = plainText(
  z
    .string({ error: MSG.nameRequired })
    .trim()
    .min(1, MSG.nameRequired)
    .refine(hasVisibleText, MSG.nameRequired)
    .min(2, MSG.nameLength)
    .max(20, MSG.nameLength),
);

export const companyAreaField = plainText(
  z
    .string({ error: MSG.companyAreaRequired })
    .trim()
    .min(1, MSG.companyAreaRequired)
    .refine(hasVisibleText, MSG.companyAreaRequired)
    .min(2, MSG.companyAreaLength)
    .max(20, MSG.companyAreaLength),
);

/** A company's 6-digit security number; what is no text is no number of 6 digits either. */
export const securityNumField = z
  .string({ error: MSG.securityNumLength })
  .trim()
  .min(1, MSG.securityNumRequired)
  .regex(/^\d{6}$/, MSG.securityNumLength);

const contactField = z
  .string({ error: MSG.contactDigits })
  .trim()
  .refine((v) => v === '' || /^\d{9,11}$/.test(v), MSG.contactDigits)
  .optional();

/**
 * An optional text field of a form: a form posts its empty input as '' (or spaces), which means the
 * same as leaving the field out. Anything else is judged by the field's own rules.
 */
const blankIsAbsent = <T extends z.ZodType<unknown, string>>(field: T, typeMessage: string) =>
  z
    .string({ error: typeMessage })
    .transform((v) => (v.trim() === '' ? undefined : v))
    .pipe(field.optional())
    .optional();

const consent = (msg: string) => z.boolean({ error: msg }).refine((v) => v === true, msg);

const passwordsMatch = (v: { pw: string; cpw: string }) => v.pw === v.cpw;
const confirmField = z.string({ error: MSG.passwordRequired });

export const loginRequest = z.object({ id: storedLoginIdField, pw: storedPasswordField });
export type LoginRequest = z.input<typeof loginRequest>;

export const checkLicenseQuery = z.object({ license: businessNumberField });

export const phoneCodeRequestQuery = z.object({
  phone: mobilePhoneField,
  /** A value of a fixed list answers its own message (docs/requirements.md#validation). */
  authType: z.literal('message', { error: MSG.authTypeInvalid }).default('message'),
});

export const checkAuthCodeQuery = z.object({ phone: mobilePhoneField, authCode: authCodeField });

/**
 * The join form. A company join carries companyName and companyArea; a sub-account join
 * (JoinSub) carries securityNum instead and takes the company from `license`.
 */
export const joinRequest = z
  .object({
    license: businessNumberField,
    companyName: blankIsAbsent(companyNameField, MSG.companyNameRequired),
    companyArea: blankIsAbsent(companyAreaField, MSG.companyAreaRequired),
    id: loginIdField,
    pw: passwordField,
    cpw: confirmField,
    phone: mobilePhoneField,
    authCode: authCodeField,
    policy: consent(MSG.policyRequired),
    privacy: consent(MSG.privacyRequired),
    /** Text, or a JSON number (the original client's number input): 482913 is '482913'. */
    securityNum: digitsFromNumber(securityNumField).optional(),
    /** Contact number of the sub-account form, under the original API's misspelt key. */
    phoen: contactField,
    /**
     * Ours: the sub-account's name. Without it the account is named by its login id's part before
     * '@'; a company join names its main account by the company (docs/requirements.md#join).
     */
    name: blankIsAbsent(personNameField, MSG.nameRequired),
  })
  .refine(passwordsMatch, { path: ['cpw'], error: MSG.passwordMismatch })
  .refine((v) => v.securityNum !== undefined || (v.companyName ?? '') !== '', {
    path: ['companyName'],
    error: MSG.companyNameRequired,
  })
  .refine((v) => v.securityNum !== undefined || (v.companyArea ?? '') !== '', {
    path: ['companyArea'],
    error: MSG.companyAreaRequired,
  });
export type JoinRequest = z.input<typeof joinRequest>;

/** Keys in the sign-up form's order: a refused form's first issue names the first field on screen. */
export const chatJoinRequest = z
  .object({
    companyName: companyNameField,
    companyArea: companyAreaField,
    phone: mobilePhoneField,
    id: loginIdField,
    pw: passwordField,
    cpw: confirmField,
  })
  .refine(passwordsMatch, { path: ['cpw'], error: MSG.passwordMismatch });
export type ChatJoinRequest = z.input<typeof chatJoinRequest>;

export const findMemberIdQuery = checkAuthCodeQuery;

export const findMemberPwRequest = z
  .object({
    phone: mobilePhoneField,
    authCode: authCodeField,
    pw: passwordField,
    cpw: confirmField,
    /**
     * Ours: which account to reset when several gave the phone (docs/security.md#sessions); the
     * original client never sends it. Blank is absent.
     */
    id: blankIsAbsent(storedLoginIdField, MSG.loginIdRequired),
  })
  .refine(passwordsMatch, { path: ['cpw'], error: MSG.passwordMismatch });
export type FindMemberPwRequest = z.input<typeof findMemberPwRequest>;

export const companyInfo = z.object({
  seq: z.number(),
  name: z.string(),
  license: z.string(),
  area: z.string(),
  ceo: z.string(),
  fax: z.string(),
  phone: z.string(),
  mail: z.string(),
  addrMain: z.string(),
  addrSub: z.string(),
  postMain: z.string(),
  level: z.enum(['a', 'b', 'c', 'd']),
  point: z.number(),
  /** Shown to main accounts only; null for sub-accounts. */
  securityNum: z.string().nullable(),
  /** True once the company's details and a delivery address are set (else the home warning bar). */
  licenseFlag: z.boolean(),
  /** 업태, 종목, the invoice e-mail and per-order or 월합계 invoices (docs/requirements.md#tax-invoices). */
  bizType: z.string().optional(),
  bizItem: z.string().optional(),
  invoiceMail: z.string().optional(),
  invoiceMode: z.enum(['order', 'monthly']).optional(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

export const userInfo = z.object({
  seq: z.number(),
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  mail: z.string(),
  type: z.number(),
  role: z.enum(['member', 'staff', 'admin']),
  companyId: z.number().nullable(),
  companyName: z.string(),
  companyInfo: companyInfo.nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Whether a session's role is the shop's own (staff or admin): no company, no prices, the back office instead of the member area. */
export const isStaffRole = (role: string | null | undefined): role is 'staff' | 'admin' =>
  role === 'staff' || role === 'admin';

export const loginResult = z.object({ token: z.string(), userInfo });
export type LoginResult = z.infer<typeof loginResult>;

// ---------------------------------------------------------------- answers

/** api/login, api/chatJoin and api/updateMyInfo: the session token and the user's info. */
export const loginAnswer = answerOf(loginResult);

/**
 * api/findMemberId: the login id of the phone's account. Several accounts, oldest first: `id` joins
 * them with ', ' (the original client shows it as text) and `ids`, ours, lists them.
 */
export const findMemberIdAnswer = answerOf(z.object({ id: z.string(), ids: z.array(z.string()).optional() }));

/**
 * api/findMemberPw: 201 with the id whose password was set (ours; the original client reads only the
 * code): where several accounts gave the phone, the buyer sees which one it was (docs/security.md#sessions).
 */
export const findMemberPwAnswer = answerOf(z.object({ id: z.string() }));

/** One message of the dev outbox (console SMS provider), newest first. */
export const outboxMessage = z.object({
  phone: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  /** A notification (notify feature): how it went out ('alimtalk', 'sms', 'lms') and its event; null for a plain text. */
  channel: z.string().nullable(),
  event: z.string().nullable(),
  created: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
export const outboxAnswer = answerOf(z.array(outboxMessage));

/** The console outbox of demo mode (dev/outbox): one phone's messages. */
export const outboxQuery = z.object({ phone: mobilePhoneField });
