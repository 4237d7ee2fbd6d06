/** The member area's sub-accounts (main account): list, create, edit, type, state and password reset. */
import { z } from 'zod';
import { PAGE_SIZE } from './constants.js';
import { answerOf, pageAnswerOf } from './envelope.js';
import { MAIL_SHAPE, newLoginIdRefusal } from './rules.js';
import { required, isAsciiMail } from './member-fields.js';
import { listKeyword, memberSeq, pageNumber, pageSize } from './page-fields.js';
import { passwordOf, personNameField } from './auth.js';
import { MSG_MEMBER, contactPhoneField, storedNameField } from './member-info.js';

export const memberListRequest = z.object({
  searchType: z.enum(['name', 'id', 'phone', ''], { error: MSG_MEMBER.memberSearchTypeInvalid }).optional(),
  searchKeyword: listKeyword(),
  page: pageNumber(),
  size: pageSize(PAGE_SIZE.subAccounts),
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

const ACCOUNT_REFUSALS = {
  ascii: MSG_MEMBER.accountAscii,
  reserved: MSG_MEMBER.accountReserved,
  shape: MSG_MEMBER.accountShape,
} as const;
const accountField = z
  .string({ error: MSG_MEMBER.accountRequired })
  .trim()
  .min(1, MSG_MEMBER.accountRequired)
  .min(5, MSG_MEMBER.accountLength)
  .max(50, MSG_MEMBER.accountLength)
  .regex(MAIL_SHAPE, MSG_MEMBER.accountShape)
  .transform((v) => v.toLowerCase())
  // A new login id: printable ASCII, outside withdrawn accounts' `.invalid`, no empty domain label (docs/requirements.md#validation).
  .superRefine((id, ctx) => {
    const refusal = newLoginIdRefusal(id);
    if (refusal !== null) ctx.addIssue({ code: 'custom', message: ACCOUNT_REFUSALS[refusal] });
  });
const memberMailField = required(MSG_MEMBER.mailRequired)
  .min(10, MSG_MEMBER.memberMailLength)
  .max(50, MSG_MEMBER.memberMailLength)
  .regex(MAIL_SHAPE, MSG_MEMBER.mailShape)
  .refine(isAsciiMail, MSG_MEMBER.mailAscii);
const accountPasswordField = passwordOf(MSG_MEMBER.passwordRequired, MSG_MEMBER.passwordLength, 'chosen');

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
  seq: memberSeq,
  /** A changed name follows personNameField; the account's own is taken unchanged (the server checks). */
  name: storedNameField,
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
  seq: memberSeq,
  type: z.union([z.literal(0), z.literal(1)], { error: MSG_MEMBER.memberTypeInvalid }),
});
export type MemberTypeRequest = z.input<typeof memberTypeRequest>;

/**
 * api/stateMemberInfo: the original client sends the row as the list answered it, whose `status` is
 * what the account is now, so it is no target: the call stops the account unless our own field
 * `targetStatus` (a name the row does not carry) is 'active', which lets a stopped one in again.
 * Other fields of the row are ignored (docs/requirements.md#sub-accounts).
 */
export const memberStateRequest = z.object({
  seq: memberSeq,
  /** The row's state as listed, sent back by the original client: what the account is, never read. */
  status: z.unknown().optional(),
  targetStatus: z.enum(['stopped', 'active'], { error: MSG_MEMBER.memberStateInvalid }).default('stopped'),
});
export type MemberStateRequest = z.input<typeof memberStateRequest>;

/** api/getMallMemberInfo: a page of the company's accounts. */
export const memberPageAnswer = pageAnswerOf(memberListItem);

/** api/initMallMemberPw: the new random password, shown once. */
export const passwordResetAnswer = answerOf(z.object({ pw: z.string() }));
