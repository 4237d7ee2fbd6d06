import { z } from 'zod';
import { MSG } from './messages.js';
import { answerOf, pageAnswerOf } from './envelope.js';
import { notifyLicenceScanJobData, notifySendJobData } from './notify.js';
import { backOfficePageSize, pageNumber } from './page-fields.js';

/**
 * The job queue (docs/architecture.md#jobs): everything that leaves the shop (texts, and later 알림톡, tax invoices,
 * tracking registrations) is a job written in the transaction of the change that causes it. The
 * data of each kind of job is a schema here because staff see it in the back office's job list.
 */

const id = z.number().int().min(1);
const won = z.number().int().min(0);

/**
 * Cash top-up credited, as a plain text to the company's main account: the kind written before
 * 알림톡 (a credit now writes `notify.send`); kept so that jobs already written still run.
 */
export const cashCreditedJobData = z.object({ paymentId: id, companyId: id, amount: won, balanceAfter: won });
export type CashCreditedJobData = z.infer<typeof cashCreditedJobData>;

/** A tax invoice row to issue (docs/requirements.md#tax-invoices); the job's key is its mgtKey. */
export const taxInvoiceIssueJobData = z.object({ invoiceId: id });
/** The 월합계 invoices of a month 'YYYY-MM' (scheduled on the 1st for the month before). */
export const taxInvoiceMonthlyJobData = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) });
/** The hourly read of issued invoices' 국세청 전송 (docs/requirements.md#tax-invoices); keyed by the hour. */
export const taxInvoicePollJobData = z.object({ hour: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}$/) });
/** The daily destruction of records whose retention period has ended (docs/requirements.md#retention). */
export const retentionSweepJobData = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
/** The monthly close of 'YYYY-MM' (docs/requirements.md#monthly-close), scheduled at 00:05 KST on the 1st. */
export const creditCloseJobData = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) });
/** The day's overdue check and payment reminders of credit statements (docs/requirements.md#overdue). */
export const creditDailyJobData = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
/**
 * A shipped waybill to register with the tracking provider's webhook (docs/requirements.md#shipping-and-tracking);
 * `round` counts the renewals before each registration expires (absent: the first, written when it shipped).
 */
export const trackingRegisterJobData = z.object({ shipmentId: id, round: z.number().int().min(1).max(100).optional() });

/**
 * A sold-out product came back in stock (docs/requirements.md#restock-alerts): one text to each member
 * who asked; their requests were ended in the same transaction, so the list travels with the job.
 */
export const restockJobData = z.object({ productId: id, memberIds: z.array(id).min(1).max(100_000) });
export type RestockJobData = z.infer<typeof restockJobData>;

/**
 * A statement's virtual account to issue at its provider (docs/requirements.md#credit-deposits); the key is
 * the statement's, the orderId stored before the provider is asked.
 */
export const statementAccountJobData = z.object({ statementId: id });
/** A virtual account's deposit callbacks to apply: the account's latest event decides (deposited or not). */
export const depositCallbackJobData = z.object({ accountId: id });
/**
 * The Toss bank transfers a company's withdrawal ended (docs/requirements.md#payments): each account
 * Toss issued for them and still holds open is closed there, after the withdrawal commits.
 */
export const paymentWithdrawalCancelJobData = z.object({ companyId: id, paymentIds: z.array(id).min(1).max(10_000) });

/** Every kind of job and the schema of its data. The server's registry gives each its handler. */
export const JOB_DATA = {
  'sms.cashCredited': cashCreditedJobData,
  'taxInvoice.issue': taxInvoiceIssueJobData,
  'taxInvoice.monthly': taxInvoiceMonthlyJobData,
  'taxInvoice.poll': taxInvoicePollJobData,
  'retention.sweep': retentionSweepJobData,
  // credit: the monthly close and the daily overdue check and reminders (docs/requirements.md#credit)
  'credit.close': creditCloseJobData,
  'credit.daily': creditDailyJobData,
  'tracking.register': trackingRegisterJobData,
  // notify: 알림톡 with SMS fallback (docs/requirements.md#notifications)
  'notify.send': notifySendJobData,
  'notify.licenceScan': notifyLicenceScanJobData,
  'sms.restock': restockJobData,
  // deposits (docs/requirements.md#credit-deposits)
  'statement.account': statementAccountJobData,
  'deposit.callback': depositCallbackJobData,
  // payments (docs/requirements.md#payments)
  'payment.withdrawalCancel': paymentWithdrawalCancelJobData,
} as const;
export type JobName = keyof typeof JOB_DATA;
export type JobDataOf<N extends JobName> = z.infer<(typeof JOB_DATA)[N]>;

/** What staff read for each kind of job. */
export const JOB_LABELS: Record<JobName, string> = {
  'sms.cashCredited': '캐시 충전 완료 문자',
  'taxInvoice.issue': '전자세금계산서 발행',
  'taxInvoice.monthly': '월합계 세금계산서 만들기',
  'taxInvoice.poll': '세금계산서 국세청 전송 확인',
  'retention.sweep': '보관 기간이 끝난 기록 파기',
  'credit.close': '외상 월 마감',
  'credit.daily': '외상 연체 확인과 결제 안내',
  'tracking.register': '송장 배송 조회 등록',
  // notify
  'notify.send': '알림톡 발송',
  'notify.licenceScan': '이용권 만료 3일 전 알림 찾기',
  'sms.restock': '재입고 알림 문자',
  'statement.account': '명세서 가상계좌 발급',
  'deposit.callback': '가상계좌 입금 반영',
  'payment.withdrawalCancel': '탈퇴한 업체의 가상계좌 닫기',
};

/**
 * A job's state for staff: waiting (created, or waiting for its next try after a failure), running,
 * done, parked (failed on its last try; kept and listed until staff retry it), or cancelled.
 */
export const JOB_STATES = ['waiting', 'retrying', 'running', 'done', 'parked', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const JOB_STATE_LABELS: Record<JobState, string> = {
  waiting: '대기',
  retrying: '재시도 대기',
  running: '처리 중',
  done: '완료',
  parked: '실패(보류)',
  cancelled: '취소',
};

export const MSG_JOBS = {
  notFound: '작업을 찾을 수 없습니다.',
  /** The job list's state or a job's name outside its list (docs/requirements.md#validation). */
  stateInvalid: '작업 상태를 다시 선택하세요.',
  nameInvalid: '작업 종류를 다시 선택하세요.',
  notParked: '실패(보류) 상태인 작업만 다시 시도할 수 있습니다.',
  retried: '작업을 다시 시도합니다.',
  /** pg-boss's own reasons, as staff read them (docs/operations.md#jobs). */
  stoppedWhileRunning: '서버가 종료되어 실행 중이던 작업이 중단되었습니다. 다시 시도합니다.',
  timedOut: '작업이 제한 시간 안에 끝나지 않았습니다. 서버가 멈췄거나 다시 시작되었을 수 있습니다.',
  /** A failure whose reason has no Korean (a library's or the network's): said in Korean, the reason kept. */
  failedWith: (reason: string) => `작업 중 오류가 발생했습니다. (${reason})`,
} as const;

const jobName = z.enum(Object.keys(JOB_DATA) as [JobName, ...JobName[]], { error: MSG_JOBS.nameInvalid });

export const jobListRequest = z.object({
  /** Without a state: the jobs not done yet (waiting, retrying, running, parked). */
  state: z.enum(JOB_STATES, { error: MSG_JOBS.stateInvalid }).optional(),
  name: jobName.optional(),
  page: pageNumber(),
  size: backOfficePageSize(30),
});

export const jobRow = z.object({
  id: z.uuid(),
  name: z.string(),
  label: z.string(),
  /** The idempotency key the job was written with (one per event). */
  key: z.string(),
  state: z.enum(JOB_STATES),
  data: z.unknown(),
  /** Tries made so far and the most allowed. */
  tries: z.number().int().min(0),
  maxTries: z.number().int().min(1),
  /** The last failure's message (null when it has not failed). */
  error: z.string().nullable(),
  created: z.iso.datetime(),
  /** When it may run (next): the back-off after a failure. */
  startAfter: z.iso.datetime(),
  finished: z.iso.datetime().nullable(),
  /**
   * The company the job is for, by name, when its data names one (`companyId`, or an invoice's
   * company): 발송 작업 says it in the job's summary. Absent for the others.
   */
  companyName: z.string().optional(),
});
export type JobRow = z.infer<typeof jobRow>;
export const jobPageAnswer = pageAnswerOf(jobRow);

export const retryJobRequest = z.object({ name: jobName, id: z.uuid({ error: MSG.selectJob }) });
export const retryJobAnswer = answerOf(jobRow);
