import { z } from 'zod';
import {
  CREDIT_STATUSES,
  monthField,
  recordDepositRequest,
  savePaymentTermRequest,
  setCreditAccountRequest,
  TERM_RULES,
  type CreditAccount,
  type PaymentTerm,
} from '@partsmall/contract';
import { isWonDigits, typedWon } from '../../shared/format';
import { CREDIT_TEXTS } from './texts';

/**
 * The back office's credit forms (docs/requirements.md#credit): what staff type, as text, turned into
 * the contract's payloads, whose rules (and Korean messages) then apply. A won amount may be typed
 * with separators ('5,000,000'); anything else that is not a whole number (-1, 1.5, a word, empty)
 * reaches the contract's rule as not-a-number and gets its message.
 */

/**
 * '5,000,000' → 5000000; '', '1.5', '-1', 'abc' → NaN (refused by the contract's number rule). A
 * money box's reading (shared/format.ts typedWon), so the box and its rule agree on what a number is.
 */
export function wholeNumber(typed: string): number {
  const v = typedWon(typed);
  return isWonDigits(v) ? Number(v) : Number.NaN;
}

const typedNumber = z.string().transform(wholeNumber);

/** The credit account's edit form (admin): every field of setCreditAccount, the reason required. */
export const creditAccountForm = z
  .object({
    companyId: z.number(),
    status: z.enum(CREDIT_STATUSES),
    limit: typedNumber,
    allowExceed: z.boolean(),
    termCode: z.string(),
    graceDays: typedNumber,
    overdueThreshold: typedNumber,
    allowSubAccounts: z.boolean(),
    reason: z.string(),
  })
  .pipe(
    // The form always holds the booleans (the contract defaults them for callers that leave them out).
    setCreditAccountRequest.extend({ companyId: z.number(), allowExceed: z.boolean(), allowSubAccounts: z.boolean() }),
  );
export type CreditAccountFormInput = z.input<typeof creditAccountForm>;

/** The form's first values: the account as it is, or a new account's defaults (the first term, 5 grace days). */
export function creditAccountDefaults(
  companyId: number,
  account: CreditAccount | null,
  firstTerm: string,
): CreditAccountFormInput {
  return {
    companyId,
    status: account?.status ?? 'active',
    limit: account ? String(account.limit) : '',
    allowExceed: account?.allowExceed ?? false,
    termCode: account?.termCode ?? firstTerm,
    graceDays: String(account?.graceDays ?? 5),
    overdueThreshold: String(account?.overdueThreshold ?? 0),
    allowSubAccounts: account?.allowSubAccounts ?? false,
    reason: '',
  };
}

/** A payment term admins add or relabel: the code typed in any case is the contract's upper case. */
export const paymentTermForm = z
  .object({ code: z.string(), label: z.string(), rule: z.enum(TERM_RULES), value: typedNumber })
  .transform((v) => ({ ...v, code: v.code.trim().toUpperCase() }))
  .pipe(savePaymentTermRequest);
export type PaymentTermFormInput = z.input<typeof paymentTermForm>;

/** The form's first values: the term to relabel as it is, or a blank new term (a day of the next month). */
export const paymentTermDefaults = (term: PaymentTerm | null): PaymentTermFormInput =>
  term
    ? { code: term.code, label: term.label, rule: term.rule, value: String(term.value) }
    : { code: '', label: '', rule: 'next_month_day', value: '' };

/** A bank deposit staff enter: the company number optional (empty = matched by the name). */
export const depositForm = z
  .object({
    depositorName: z.string(),
    amount: typedNumber,
    depositedAt: z.string(),
    companyId: z.string(),
  })
  .transform(({ companyId, ...v }) => (companyId.trim() === '' ? v : { ...v, companyId: wholeNumber(companyId) }))
  .pipe(
    recordDepositRequest.extend({
      companyId: z
        .number({ error: CREDIT_TEXTS.common.companyIdInvalid })
        .int(CREDIT_TEXTS.common.companyIdInvalid)
        .min(1, CREDIT_TEXTS.common.companyIdInvalid)
        .optional(),
    }),
  );
export type DepositFormValues = z.output<typeof depositForm>;

/** A company number typed by staff (opening a company's page, giving a queued deposit its company). */
export const companyIdForm = z.object({
  companyId: typedNumber.pipe(
    z
      .number({ error: CREDIT_TEXTS.common.companyIdInvalid })
      .int(CREDIT_TEXTS.common.companyIdInvalid)
      .min(1, CREDIT_TEXTS.common.companyIdInvalid)
      .max(2_147_483_647, CREDIT_TEXTS.common.companyIdInvalid),
  ),
});

/** The month to close or preview, 'YYYY-MM' (the input of type month gives it so). */
export const monthForm = z.object({ month: monthField });

/** The month before the Seoul day `today` ('2026-11-29' → '2026-10'): the month a close usually closes. */
export function previousMonth(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
