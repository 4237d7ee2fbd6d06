import { MSG, MSG_NOTIFY } from '@partsmall/contract';
import { requireCompanyMember, type Api, type AppContext } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { ok } from '../../shared/http.js';
import { requestPhoneCode } from '../auth/index.js';
import { getNotifySettings, setNotifySettings } from './settings.js';

/** '알림 설정': each account reads and writes only its own row (a main account's is the company's default). */
export function notifyRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;
  const caller = (req: Parameters<typeof requireCompanyMember>[0]) => {
    const auth = requireCompanyMember(req);
    return { id: auth.member.id, type: auth.member.type, phone: auth.member.phone, companyId: auth.companyId };
  };
  route(app, 'getNotifySettings', async (req) => ok(await getNotifySettings(db, caller(req))));
  route(app, 'setNotifySettings', async (req) =>
    ok(await setNotifySettings(db, caller(req), req.body), MSG_NOTIFY.saved),
  );
  // A new phone is verified like any other: a code sent to it, with the same limits (docs/security.md#phone-codes-and-sms-cost).
  route(app, 'notifyPhoneCode', async (req) => {
    requireCompanyMember(req);
    await requestPhoneCode(db, ctx.sms, req.body.phone, 'notify', req.clientAddress, req.log);
    return ok(undefined, MSG.codeSent);
  });
}
