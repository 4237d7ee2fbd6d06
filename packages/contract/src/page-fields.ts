/**
 * The `page` and `size` of the list calls, written once. Only contract modules import them: the
 * package's index.ts does not export this module, so these short names stay out of the contract's surface.
 * Query strings carry numbers as text, hence `fromDigits`; a refusal carries the call's Korean message.
 */
import { z } from 'zod';
import { PAGE_SIZE } from './constants.js';
import { MSG } from './messages.js';

/**
 * A number field that also takes a string of digits, as a query string carries it ('3'), and nothing
 * else: `true`, `null`, `[]`, ' 3' or '1e3' meet `schema`'s own type message. z.coerce read `true`
 * as 1 (and `[]` as 0), so `{"companyId": true}` acted on company 1 (docs/requirements.md#validation).
 */
export const fromDigits = <T extends z.ZodType<unknown, number>>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), schema);

/**
 * fromDigits' counterpart for digits kept as text (a security number, whose leading zeros count): a
 * number is taken as its digits, as the original client's number inputs send them (482913 as
 * '482913'); anything else meets `schema`'s own messages ('12345', 4829.13 and -482913 its format's).
 */
export const digitsFromNumber = <T extends z.ZodType<string, string>>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);

/** A whole number from `min` to `max`, from a number or a string of digits; `msg` for anything else. */
export const wholeNumber = (min: number, max: number, msg: string = MSG.badRequest) =>
  fromDigits(z.number({ error: msg }).int(msg).min(min, msg).max(max, msg));

/** A table row's id (an order's, a member's, a product's): 1 to PostgreSQL's integer maximum, `msg` for anything else. */
export const rowId = (msg: string = MSG.badRequest) => wholeNumber(1, 2_147_483_647, msg);

/** The ids of rows chosen from a list, each refusing with what to choose (docs/requirements.md#validation). */
export const companySeq = rowId(MSG.selectCompany);
export const memberSeq = rowId(MSG.selectMember);
export const depositSeq = rowId(MSG.selectDeposit);
export const noticeSeq = rowId(MSG.selectNotice);
export const inquirySeq = rowId(MSG.selectInquiry);
export const statementSeq = rowId(MSG.selectStatement);
export const taxInvoiceSeq = rowId(MSG.selectTaxInvoice);

const count = (msg: string, max?: number) => {
  const n = z.number({ error: msg }).int(msg).min(1, msg);
  return fromDigits(max === undefined ? n : n.max(max, msg));
};

/** A list's search keyword (searchKeyword, or keyword in ours): up to 50 characters, trimmed. */
export const listKeyword = () =>
  z.string({ error: MSG.keywordType }).trim().max(50, MSG.searchKeywordLength).optional();

/** The largest page number a list takes (a page past a list's end is an empty page). */
const PAGE_MAX = 100_000;

/**
 * A page number, 1 to 100,000; the first page when absent. Refused with `msg`, or, without one, with
 * words naming the page: below 1 (or no whole number) '페이지 번호는 1 이상이어야 합니다.', above the
 * bound '페이지 번호는 100,000 이하여야 합니다.' (docs/requirements.md#answers-and-errors).
 */
export const pageNumber = (msg?: string) =>
  msg === undefined
    ? fromDigits(
        z
          .number({ error: MSG.pageTooSmall })
          .int(MSG.pageTooSmall)
          .min(1, MSG.pageTooSmall)
          .max(PAGE_MAX, MSG.pageTooLarge),
      ).default(1)
    : count(msg, PAGE_MAX).default(1);

/**
 * A page size of the shop's lists: larger sizes are clamped, not refused, so the list simply comes
 * in pages of at most 100 (docs/requirements.md#answers-and-errors); one that is no whole number from
 * 1 answers `msg`, without one '페이지 크기는 1 이상이어야 합니다.'.
 */
export const pageSize = (defaultSize: number, msg: string = MSG.pageSizeTooSmall) =>
  count(msg)
    .transform((n) => Math.min(n, PAGE_SIZE.max))
    .default(defaultSize);

/**
 * A page size of the back office's lists (staff screens and the job list): as the shop's, a larger
 * size is served as 100 rows, not refused (docs/requirements.md#answers-and-errors).
 */
export const backOfficePageSize = (defaultSize: number) => pageSize(defaultSize);
