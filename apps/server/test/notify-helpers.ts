import type { SetNotifySettingsRequest } from '@partsmall/contract';
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
