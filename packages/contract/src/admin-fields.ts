/**
 * Fields the back office's payloads and answers share. Only the admin-*.ts modules import them: the
 * package's index.ts does not export this module, so these short names stay out of the contract's surface.
 */
import { z } from 'zod';
import { MSG } from './messages.js';
import { MSG_ADMIN, PRICE_MAX } from './admin-menu.js';
import { MSG_MEMBER } from './member-info.js';
import { calendarDateField } from './member-payments.js';
import { backOfficePageSize, pageNumber } from './page-fields.js';
import { hasVisibleText } from './rules.js';
import { linesField } from './text-field.js';

export const int = z.number().int();
export const instant = z.iso.datetime();
export const page = pageNumber();
export const size = backOfficePageSize;

/**
 * The sort of a list the server pages (docs/requirements.md#back-office): `sortBy` one of the list's
 * sortable columns (`keys`, its whitelist), `sortDir` asc (the default) or desc. Without `sortBy` the
 * list keeps its own order; the server breaks ties by the row's number, so pages neither repeat nor skip a row.
 */
export const listSort = <K extends string>(keys: readonly [K, ...K[]]) => ({
  sortBy: z.enum(keys, { error: MSG_ADMIN.sortByInvalid }).optional(),
  sortDir: z.enum(['asc', 'desc'], { error: MSG_ADMIN.sortDirInvalid }).optional(),
});

/** A list's period: two Seoul calendar days, each optional (orders, payments). */
export const period = { startDate: calendarDateField.optional(), endDate: calendarDateField.optional() };
/** Refuses a period whose start is after its end, as the member area's lists do: '시작일이 종료일보다 늦습니다.'. */
export function startNotAfterEnd(
  v: { startDate?: string | undefined; endDate?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.startDate && v.endDate && v.startDate > v.endDate)
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: MSG_MEMBER.dateRangeOrder });
}
/**
 * The back office's search boxes (companies, products, the audit log): text of up to 100 characters;
 * a number or any other non-text is told to be written as text, not that it is too long. A NUL, which
 * no database text holds, is refused on the field rather than by the database's error without one.
 */
export const keyword = z
  .string({ error: MSG.keywordType })
  .trim()
  .max(100, MSG.adminKeywordLength)
  .refine((s) => !s.includes('\u0000'), MSG.textInvalid)
  .optional();
/**
 * The reason of an audited change (cash, licence, stock, credit): 2-200 characters, one of them
 * visible, since the buyer's 캐시 원장 shows it ('관리자 조정: …'; docs/requirements.md#validation).
 */
export const reason = linesField(2, 200, MSG_ADMIN.reasonRequired).refine(hasVisibleText, MSG_ADMIN.reasonRequired);

/**
 * The `ver` an edit form was read at, sent back with its save (optional): a save over a newer edit is
 * refused with 409 (docs/requirements.md#back-office). `first` is the ver a new row starts at.
 */
export const readAtVer = (first: 0 | 1) =>
  z
    .number({ error: MSG.badRequest })
    .int(MSG.badRequest)
    .min(first, MSG.badRequest)
    .max(2_147_483_647, MSG.badRequest)
    .optional();

/**
 * A price in won: a whole number from 0 to PRICE_MAX. One above the ceiling (1e30 too, which the
 * integer check also refuses) is told the ceiling, so its check comes first; `msg` says the rest.
 */
export const won = (msg: string) =>
  z.number({ error: msg }).max(PRICE_MAX, MSG_ADMIN.priceAboveMax).int(msg).min(0, msg);
