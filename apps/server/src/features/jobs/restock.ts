import { SHOP_NAME, renderNotice } from '@partsmall/contract';
import { activeMemberPhones } from '../members/repository.js';
import { productLabel } from '../products/repository.js';
import { sendWithinAllowance } from '../notify/index.js';
import type { JobHandler } from '../../shared/job-types.js';
import type { SmsProvider } from '../sms/types.js';

/**
 * A sold-out product is back (docs/requirements.md#restock-alerts): each phone of the members who
 * asked gets one text through the SMS provider, however many of them share it (the effect is the
 * first such member's). Phones are read when the job runs; a member who left since is skipped. One
 * effect per phone, so a retried job texts only those it had not reached; each text counts against its
 * phone's day (NOTIFY_LIMIT).
 */
export const restockTexts: JobHandler<'sms.restock', { sms: SmsProvider }> = async (job, deps) => {
  const product = await productLabel(deps.db, job.data.productId);
  if (!product) {
    deps.log.warn({ productId: job.data.productId }, 'restock: product removed before the texts went out');
    return;
  }
  const text = renderNotice('restock', { shop: SHOP_NAME, partNo: product.pid, product: product.name }).text;
  const recipients = await activeMemberPhones(deps.db, job.data.memberIds);
  const phones = new Set<string>();
  for (const r of recipients) {
    if (!r.phone || phones.has(r.phone)) continue;
    phones.add(r.phone);
    const part = `member:${r.id}`;
    // The effect key as the message id: a provider that can ask whether it sent it sends it once.
    await job.once(part, async () => {
      await sendWithinAllowance(deps.db, r.phone, deps.log, 'restock', () =>
        deps.sms.send(r.phone, text, undefined, `${job.name}:${job.key}:${part}`),
      );
    });
  }
};
