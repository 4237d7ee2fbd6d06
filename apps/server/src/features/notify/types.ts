/** What a notify provider is given and answers (provider.ts chooses one by NOTIFY_PROVIDER). */
import type { NotifyChannel, NotifySettingEvent } from '@partsmall/contract';

/** One notification to one phone, rendered from its template (packages/contract notify-templates.ts). */
export interface NotifyMessage {
  to: string;
  event: NotifySettingEvent;
  text: string;
  /** As Solapi's kakaoOptions.variables takes them: { '#{orderNo}': '42' }. */
  variables: Record<string, string>;
  /** The job's effect key (event, its cause and the recipient): the same on every try. */
  messageId: string;
}

/**
 * Sends 알림톡, falling back to SMS/LMS; answers the channel that carried the message. Throws when
 * it could not be handed over (the job is then retried with back-off and parked after the last try).
 */
export interface NotifyProvider {
  readonly name: string;
  send(message: NotifyMessage): Promise<NotifyChannel>;
}

export const maskPhone = (phone: string) => phone.slice(0, 3) + '****' + phone.slice(-4);
