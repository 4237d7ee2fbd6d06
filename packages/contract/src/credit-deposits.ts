/**
 * Money coming in for 외상 (docs/requirements.md#credit-deposits): deposits staff enter or import, the
 * review queue, and what each deposit paid. The rest of the credit calls are in credit.ts.
 */
import { z } from 'zod';
import { int, instant, reason } from './admin-fields.js';
import { companySeq, depositSeq } from './page-fields.js';
import { MSG_CREDIT } from './credit.js';
import { answerOf, pageAnswerOf } from './envelope.js';
import { plainText, textField } from './text-field.js';
import { isDepositYear } from './deposits.js';
// ---------------------------------------------------------------- back office: deposits

export const DEPOSIT_STATUSES = ['applied', 'review', 'ignored', 'reversed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const DEPOSIT_STATUS_LABELS: Record<DepositStatus, string> = {
  applied: '반영',
  review: '확인 필요',
  ignored: '제외',
  reversed: '입금 취소',
};
export const DEPOSIT_SOURCES = ['staff', 'import', 'virtual_account', 'card'] as const;

/** The rung of the matching ladder that placed an applied deposit (docs/requirements.md#credit-deposits). */
export const DEPOSIT_RULES = ['ownAccount', 'exactOne', 'exactSet', 'oldestFirst', 'none'] as const;
export type DepositRule = (typeof DEPOSIT_RULES)[number];
/** How the back office says what placed a deposit. */
export const DEPOSIT_RULE_LABELS: Record<DepositRule, string> = {
  ownAccount: '가상계좌의 명세서부터',
  exactOne: '금액이 같은 명세서',
  exactSet: '합계가 같은 명세서 묶음',
  oldestFirst: '결제기한이 빠른 명세서부터',
  none: '남은 명세서가 없어 캐시로',
};

/** What a deposit was applied to: a statement, several, or the company's cash balance. */
export const depositApplication = z.object({
  statementSeq: int.nullable(),
  month: z.string().nullable(),
  amount: int,
  /** true: the rest, credited to the company's cash balance. */
  toCash: z.boolean(),
});

export const depositRow = z.object({
  seq: int,
  source: z.enum(DEPOSIT_SOURCES),
  depositorName: z.string(),
  amount: int,
  depositedAt: instant,
  companyId: int.nullable(),
  companyName: z.string().nullable(),
  status: z.enum(DEPOSIT_STATUSES),
  statusLabel: z.string(),
  /** Why it waits for staff (no company or two match the name). */
  reviewReason: z.string().optional(),
  /** Companies whose name matches the depositor (for the review queue). */
  candidates: z.array(z.object({ companyId: int, companyName: z.string() })),
  applications: z.array(depositApplication),
  /** An applied deposit: how the matching ladder placed it (DEPOSIT_RULE_LABELS). */
  rule: z.string().optional(),
  /** A deposit staff set aside (status 'ignored'): why, as they wrote it, and when. */
  dismissReason: z.string().optional(),
  dismissedAt: instant.optional(),
  created: instant,
});
export type DepositRow = z.infer<typeof depositRow>;

/** api/admin/recordDeposit { depositorName, amount, depositedAt, companyId? }: a bank deposit staff enter. */
export const recordDepositRequest = z.object({
  depositorName: textField(1, 40, MSG_CREDIT.depositorInvalid),
  amount: z
    .number({ error: MSG_CREDIT.depositAmountInvalid })
    .int(MSG_CREDIT.depositAmountInvalid)
    .min(1, MSG_CREDIT.depositAmountInvalid)
    .max(1_000_000_000_000, MSG_CREDIT.depositAmountInvalid),
  /** An instant (ISO) or a Seoul day YYYY-MM-DD. */
  depositedAt: z
    .string({ error: MSG_CREDIT.depositDateInvalid })
    .trim()
    .refine(
      (v) =>
        /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v) && isDepositYear(Number(v.slice(0, 4))) && !Number.isNaN(Date.parse(v)),
      MSG_CREDIT.depositDateInvalid,
    ),
  companyId: companySeq.optional(),
  /** Makes a repeated entry record once. */
  clientRequestId: plainText(
    z
      .string({ error: MSG_CREDIT.depositRequestIdInvalid })
      .trim()
      .min(8, MSG_CREDIT.depositRequestIdInvalid)
      .max(64, MSG_CREDIT.depositRequestIdInvalid),
  ).optional(),
});
export const depositAnswer = answerOf(depositRow);

/** api/admin/importDeposits (multipart, field `file`): a bank's 입금내역 (CSV/xlsx: date, depositor name, amount). */
export const importDepositsAnswer = answerOf(
  z.object({
    rows: int,
    applied: int,
    review: int,
    /** Rows already imported before (same date, name and amount at the same position of the day). */
    duplicates: int,
    errors: z.array(z.object({ row: int, message: z.string() })),
  }),
);

/**
 * api/admin/depositQueue { status? }: deposits waiting for staff ('review', the default), the oldest
 * 500, or those staff set aside ('ignored'), the newest 500 by when; `total` counts them all.
 */
export const depositQueueRequest = z.object({
  status: z.enum(['review', 'ignored']).default('review'),
});
export const depositQueueAnswer = pageAnswerOf(depositRow);

/** api/admin/assignDeposit { seq, companyId }: staff give a deposit in the queue its company; it is then applied. */
export const assignDepositRequest = z.object({ seq: depositSeq, companyId: companySeq });

/**
 * api/admin/dismissDeposit { seq, reason }: staff set a deposit of the queue aside (status 'ignored'),
 * money that pays no customer's account: returned to the sender, a transfer between the shop's own
 * accounts, bank interest. The reason (2-200, as every audited reason) is kept with it.
 */
export const dismissDepositRequest = z.object({ seq: depositSeq, reason });

/** api/admin/restoreDeposit { seq }: a deposit set aside by mistake goes back to the queue. */
export const restoreDepositRequest = z.object({ seq: depositSeq });
