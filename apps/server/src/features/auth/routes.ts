import { MSG } from '@partsmall/contract';
import { type Api, type AppContext, requireMember } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { badRequest, created, ok } from '../../shared/http.js';
import { checkPhoneCode, requestPhoneCode } from './phone-codes.js';
import {
  activeCompanyByLicense,
  chatJoin,
  findMemberIds,
  joinCompany,
  joinSubAccount,
  login,
  recoverableMembersByPhone,
  resetPasswordByPhone,
  verifiedMemberByPhone,
} from './service.js';
import { endSessions } from './sessions.js';

export function authRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  route(app, 'login', async (req) => {
    const results = await login(db, req.body.id, req.body.pw, req.clientAddress);
    return ok(results, MSG.loggedIn);
  });

  route(app, 'logout', async (req) => {
    const auth = requireMember(req);
    await endSessions(db, ctx.realtime, { sessionId: auth.sessionId });
    return created(undefined, MSG.loggedOut);
  });

  // Body code 400 is the original client's 'already a member': a number its rules refuse answers
  // the join's refusal code 499 instead (docs/requirements.md#join).
  route(
    app,
    'checkLicense',
    async (req) => {
      const existing = await activeCompanyByLicense(db, req.query.license);
      if (existing) return { code: 400, message: MSG.licenseExists };
      return ok(undefined, MSG.licenseNew);
    },
    { refusalCode: 499 },
  );

  // The refusals of both requests tell whether a number has an account: they count toward the
  // address's daily cap (docs/security.md#account-enumeration).
  route(app, 'mobileVerification', async (req) => {
    const { phone } = req.query;
    await requestPhoneCode(db, ctx.sms, phone, 'join', req.clientAddress, req.log, async (tx) =>
      (await verifiedMemberByPhone(tx, phone)) ? badRequest(MSG.phoneInUse, 'phone') : undefined,
    );
    return ok(undefined, MSG.codeSent);
  });

  route(app, 'checkAuthCode', async (req) => {
    await checkPhoneCode(db, req.query.phone, 'join', req.query.authCode, 'verify');
    return ok(undefined, MSG.codeVerified);
  });

  route(app, 'mobileVerificationInq', async (req) => {
    const { phone } = req.query;
    await requestPhoneCode(db, ctx.sms, phone, 'find', req.clientAddress, req.log, async (tx) =>
      (await recoverableMembersByPhone(tx, phone)).length > 0 ? undefined : badRequest(MSG.phoneNotFound, 'phone'),
    );
    return ok(undefined, MSG.codeSent);
  });

  route(app, 'findMemberId', async (req) => {
    // One account answers as the original API. Several: the original client shows `id` as text, so it
    // names them all, and `ids` lists them (docs/security.md#sessions).
    const ids = await findMemberIds(db, req.query.phone, req.query.authCode);
    return ok(ids.length === 1 ? { id: ids[0]! } : { id: ids.join(', '), ids }, MSG.foundId);
  });

  // The original client shows the message of body code 0 only (else a fallback of its own): every
  // refusal answers 0, the HTTP status kept (docs/requirements.md#account-screens).
  route(
    app,
    'findMemberPw',
    async (req) => {
      const { loginId } = await resetPasswordByPhone(db, ctx.realtime, req.body);
      return created({ id: loginId }, MSG.passwordChanged);
    },
    { refusalCode: 0, everyRefusal: true },
  );

  route(
    app,
    'join',
    async (req) => {
      const form = req.body;
      if (form.securityNum !== undefined) {
        await joinSubAccount(db, { ...form, securityNum: form.securityNum }, req.clientAddress);
      } else {
        await joinCompany(db, { ...form, companyName: form.companyName ?? '', companyArea: form.companyArea ?? '' });
      }
      return created(undefined, MSG.joinDone);
      // A field's rule break answers body code 499, as the service's refusals do (docs/requirements.md#join):
      // the original client shows the message of a 499 only.
    },
    { refusalCode: 499 },
  );

  route(app, 'chatJoin', async (req) => ok(await chatJoin(db, req.body, req.clientAddress), MSG.joinDone));
}
