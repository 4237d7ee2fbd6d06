import type { SetNotifySettingsRequest } from '@partsmall/contract';
import type { SmsProvider } from '../src/features/sms/types.js';
import { call, latestCode, type TestServer } from './helpers.js';

/**
 * Saves '알림 설정' with a new phone as the member area does (docs/requirements.md#notifications):
 * a code sent to the phone (api/notifyPhoneCode), read from the dev outbox, then sent with the save.
 */
export async function saveWithNewPhone(
  server: TestServer,
  token: string,
  body: SetNotifySettingsRequest & { phone: string },
) {
  const sent = await call(server, 'notifyPhoneCode', { phone: body.phone }, { token });
  if (sent.status !== 200) throw new Error(`code for ${body.phone} refused: ${sent.body.message}`);
  return call(server, 'setNotifySettings', { ...body, authCode: await latestCode(server, body.phone) }, { token });
}

/**
 * Puts `before` in front of a server's SMS provider for one phone number, for one test: each text
 * to `phone` goes through `before(text)` first, which may wait (a slow provider), count, or throw
 * (a failed try: the text is not sent). Texts to other numbers, and a text `before` lets through,
 * reach the real provider with all their arguments. Returns the function that puts the provider back.
 */
export function interceptSms(
  sms: Pick<SmsProvider, 'send'>,
  phone: string,
  before: (text: string) => void | Promise<void>,
): () => void {
  const original = sms.send;
  const real = original.bind(sms);
  sms.send = async (to, text, ...rest) => {
    if (to === phone) await before(text);
    return real(to, text, ...rest);
  };
  return () => {
    sms.send = original;
  };
}
