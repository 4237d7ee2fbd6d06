import { MEMBER_TYPE_MAIN, SHOP_NAME, renderNotice, type NotifySettingEvent } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { licencesEndingOnThirdDay } from '../members/repository.js';
import { NotYet, type JobHandler } from '../../shared/job-types.js';
import type { NotifyProvider } from './types.js';
import { enqueue, unfinishedJobs } from '../../shared/job-queue.js';
import { recipientsFor, type NotifyAccount, type NotifySetting } from './recipients.js';
import { roomToday, sendWithinAllowance } from './limit.js';
import { accountsWithSettings } from './repository.js';

/** The company's active accounts, main accounts first, and their saved settings (one read: it runs per job). */
export async function accountsOf(
  db: Db | Tx,
  companyId: number,
): Promise<{ accounts: NotifyAccount[]; settings: Map<number, NotifySetting> }> {
  const rows = await accountsWithSettings(db, companyId);
  const settings = new Map<number, NotifySetting>();
  for (const r of rows) if (r.events) settings.set(r.id, { events: r.events, phone: r.settingPhone });
  return { accounts: rows.map((r) => ({ id: r.id, main: r.type === MEMBER_TYPE_MAIN, phone: r.phone })), settings };
}

/**
 * One event to the company's accounts (docs/requirements.md#notifications). Recipients and phones
 * are read when the job runs (a phone changed since the event gets it); each recipient is one
 * effect (`member:<id>`), its message id the effect key, so a retry sends only to those not yet
 * reached. A template whose values do not fit fails the job (parked for staff) and sends nothing.
 * Each text counts against its phone's day (NOTIFY_LIMIT): a text past the cap is not sent; a 외상
 * bill past its own cap fails the job with the reason (retried, then parked for staff).
 * While a job it follows (`after`: the same order's earlier messages) is still waiting, retrying or
 * running, it sends nothing and is put off (NotYet); a parked one no longer holds it.
 */
export const notifySend: JobHandler<'notify.send', { notify?: NotifyProvider }> = async (job, deps) => {
  if (!deps.notify) throw new Error('알림톡 발송 수단이 설정되지 않았습니다.');
  const notify = deps.notify;
  const { event, companyId, memberId, values, after } = job.data;
  if (after && (await unfinishedJobs(deps.db, 'notify.send', after)) > 0)
    throw new NotYet('같은 주문의 앞선 알림톡이 아직 발송되지 않았습니다.');
  const notice = renderNotice(event, { shop: SHOP_NAME, ...values });
  const { accounts, settings } = await accountsOf(deps.db, companyId);
  for (const r of recipientsFor(event, accounts, settings, memberId)) {
    const part = `member:${r.memberId}`;
    // The day's cap per phone (NOTIFY_LIMIT): past it, this recipient's text is dropped, not retried;
    // a bill throws instead, and a retry sends only to the recipients not reached.
    await job.once(part, async () => {
      await sendWithinAllowance(deps.db, r.phone, deps.log, event, () =>
        notify.send({
          to: r.phone,
          event,
          text: notice.text,
          variables: notice.variables,
          messageId: `${job.name}:${job.key}:${part}`,
        }),
      );
    });
  }
};

/**
 * Who `event` would reach at the company now (the accounts and phones `notify.send` would text) and
 * how many of those phones may still get it today: what a staff 다시 보내기 tells before it writes
 * its job, instead of answering that a message went which the job will not send.
 */
export async function noticeReach(
  db: Db | Tx,
  companyId: number,
  event: NotifySettingEvent,
  now: Date = new Date(),
): Promise<{ recipients: number; withRoom: number }> {
  const { accounts, settings } = await accountsOf(db, companyId);
  const recipients = recipientsFor(event, accounts, settings);
  let withRoom = 0;
  for (const r of recipients) if (await roomToday(db, r.phone, event, now)) withRoom++;
  return { recipients: recipients.length, withRoom };
}

/**
 * The daily look for licences ending on the third day from `day` (Asia/Seoul): one `notify.send`
 * per company and end date (key `licence:<company>:<end>`), so a second look the same day, or
 * another process's, writes nothing new.
 */
export const licenceScan: JobHandler<'notify.licenceScan'> = async (job, deps) => {
  const ending = await licencesEndingOnThirdDay(deps.db, job.data.day);
  for (const c of ending) {
    const end = c.end!;
    await deps.db.transaction((tx) =>
      enqueue(
        tx,
        'notify.send',
        { event: 'licenceEnding', companyId: c.id, values: { endDate: end.toISOString() } },
        { key: `licence:${c.id}:${end.toISOString()}` },
      ),
    );
  }
};
