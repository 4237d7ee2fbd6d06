import { SHOP_NAME, formatWon } from '@partsmall/contract';
import { activeMainAccounts } from '../members/repository.js';
import type { JobHandler } from '../../shared/job-types.js';
import type { SmsProvider } from '../sms/types.js';

/** The text a company's main account gets when a cash top-up was credited. */
export const cashCreditedText = (amount: number, balanceAfter: number) =>
  `[${SHOP_NAME}] 캐시 ${formatWon(amount)}이 충전되었습니다. 충전 후 잔액은 ${formatWon(balanceAfter)}입니다.`;

/**
 * A cash top-up was credited (card, transfer, a deposit staff confirmed): the company's main
 * account is told by text. The recipient is read when the job runs (a changed phone number gets
 * it); one effect per recipient member.
 */
export const cashCredited: JobHandler<'sms.cashCredited', { sms: SmsProvider }> = async (job, deps) => {
  const recipients = await activeMainAccounts(deps.db, job.data.companyId);
  for (const r of recipients) {
    const part = `member:${r.id}`;
    const text = cashCreditedText(job.data.amount, job.data.balanceAfter);
    await job.once(part, () => deps.sms.send(r.phone, text, undefined, `${job.name}:${job.key}:${part}`));
  }
};
