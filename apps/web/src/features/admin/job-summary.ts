import { JOB_DATA, NOTIFY_TEMPLATES, type JobDataOf, type JobName, type JobRow } from '@partsmall/contract';
import { won } from '../../shared/format';
import { A } from './texts';

const T = A.jobs.about;

/** What a job of each kind is about, from its data (already checked against its schema). */
const ABOUT: { [N in JobName]: (d: JobDataOf<N>) => (string | undefined)[] } = {
  'notify.send': (d) => [
    typeof d.values.orderNo === 'string' || typeof d.values.orderNo === 'number'
      ? T.order(String(d.values.orderNo))
      : undefined,
    T.notice(NOTIFY_TEMPLATES[d.event].label),
  ],
  'sms.cashCredited': (d) => [T.cash(won(d.amount))],
  'taxInvoice.issue': (d) => [T.invoice(d.invoiceId)],
  'taxInvoice.monthly': (d) => [T.monthly(d.month)],
  'taxInvoice.poll': (d) => [T.hour(d.hour)],
  'retention.sweep': (d) => [d.day],
  'credit.close': (d) => [T.month(d.month)],
  'credit.daily': (d) => [d.day],
  'tracking.register': (d) => [T.shipment(d.shipmentId), d.round ? T.renewal(d.round) : undefined],
  'notify.licenceScan': (d) => [d.day],
  'sms.restock': (d) => [T.product(d.productId), T.people(d.memberIds.length)],
  'statement.account': (d) => [T.statement(d.statementId)],
  'deposit.callback': (d) => [T.account(d.accountId)],
  'payment.withdrawalCancel': (d) => [T.payments(d.paymentIds.length)],
};

/**
 * A job in Korean for 발송 작업 (docs/requirements.md#look-and-language): its company, then what it
 * is about ('가온상사 · 주문 #1 · 반품 보류 알림', '세금계산서 #4'); data it cannot read says only the
 * company, or '-'. Never the data's JSON or its English keys.
 */
export function jobSummary(j: Pick<JobRow, 'name' | 'data' | 'companyName'>): string {
  const parts: (string | undefined)[] = [j.companyName];
  if (j.name in JOB_DATA) {
    const name = j.name as JobName;
    const parsed = JOB_DATA[name].safeParse(j.data);
    if (parsed.success) parts.push(...(ABOUT[name] as (d: unknown) => (string | undefined)[])(parsed.data));
  }
  const said = parts.filter((p): p is string => Boolean(p));
  return said.length > 0 ? said.join(T.join) : A.none;
}

/** The job's key and raw data, for support: the summary cell's title. */
export const jobSupportTitle = (j: Pick<JobRow, 'key' | 'data'>): string =>
  T.supportTitle(j.key, JSON.stringify(j.data ?? null));
