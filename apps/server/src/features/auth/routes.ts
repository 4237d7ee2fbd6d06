import {
  MSG,
  emptyAnswer,
  findMemberIdAnswer,
  loginAnswer,
  chatJoinRequest,
  checkAuthCodeQuery,
  checkLicenseQuery,
  findMemberIdQuery,
  findMemberPwRequest,
  joinRequest,
  loginRequest,
  phoneCodeRequestQuery,
} from '@partsmall/contract';
import { answers } from '../../shared/answers.js';
import { type Api, type AppContext, requireMember } from '../../shared/context.js';
import { badRequest, created, ok } from '../../shared/http.js';
import { checkPhoneCode, requestPhoneCode } from './phone-codes.js';
import {
  activeCompanyByLicense,
  chatJoin,
  findMemberId,
  joinCompany,
  joinSubAccount,
  login,
  memberByPhoneForRecovery,
  resetPasswordByPhone,
  verifiedMemberByPhone,
} from './service.js';
import { endSessions } from './sessions.js';

const tags = ['auth'];

export function authRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  app.post('/api/login', { config: { access: 'public' }, schema: { tags, summary: '로그인', body: loginRequest, response: answers(loginAnswer) } }, async (req) => {
    const results = await login(db, req.body.id, req.body.pw, req.ip);
    return ok(results, MSG.loggedIn);
  });

  app.post('/api/logout', { config: { access: 'member' }, schema: { tags, summary: '로그아웃 (토큰 폐기)', response: answers(emptyAnswer) } }, async (req) => {
    const auth = requireMember(req);
    await endSessions(db, ctx.realtime, { sessionId: auth.sessionId });
    return created(undefined, MSG.loggedOut);
  });

  app.get(
    '/api/checkLicense',
    { config: { access: 'public' }, schema: { tags, summary: '사업자등록번호 확인 (200 신규, 400 기존)', querystring: checkLicenseQuery, response: answers(emptyAnswer) } },
    async (req) => {
      const existing = await activeCompanyByLicense(db, req.query.license);
      if (existing) return { code: 400, message: MSG.licenseExists };
      return ok(undefined, MSG.licenseNew);
    },
  );

  app.get(
    '/api/mobileVerification',
    { config: { access: 'public' }, schema: { tags, summary: '가입용 인증번호 요청', querystring: phoneCodeRequestQuery, response: answers(emptyAnswer) } },
    async (req) => {
      if (await verifiedMemberByPhone(db, req.query.phone)) throw badRequest(MSG.phoneInUse, 'phone');
      await requestPhoneCode(db, ctx.sms, req.query.phone, 'join', req.ip);
      return ok(undefined, MSG.codeSent);
    },
  );

  app.get(
    '/api/checkAuthCode',
    { config: { access: 'public' }, schema: { tags, summary: '가입용 인증번호 확인', querystring: checkAuthCodeQuery, response: answers(emptyAnswer) } },
    async (req) => {
      await checkPhoneCode(db, req.query.phone, 'join', req.query.authCode, 'verify');
      return ok(undefined, MSG.codeVerified);
    },
  );

  app.get(
    '/api/mobileVerificationInq',
    { config: { access: 'public' }, schema: { tags, summary: '아이디·비밀번호 찾기용 인증번호 요청', querystring: phoneCodeRequestQuery, response: answers(emptyAnswer) } },
    async (req) => {
      if (!(await memberByPhoneForRecovery(db, req.query.phone))) throw badRequest(MSG.phoneNotFound, 'phone');
      await requestPhoneCode(db, ctx.sms, req.query.phone, 'find', req.ip);
      return ok(undefined, MSG.codeSent);
    },
  );

  app.get(
    '/api/findMemberId',
    { config: { access: 'public' }, schema: { tags, summary: '아이디 찾기', querystring: findMemberIdQuery, response: answers(findMemberIdAnswer) } },
    async (req) => {
      const id = await findMemberId(db, req.query.phone, req.query.authCode);
      return ok({ id }, MSG.foundId);
    },
  );

  app.post(
    '/api/findMemberPw',
    { config: { access: 'public' }, schema: { tags, summary: '비밀번호 재설정', body: findMemberPwRequest, response: answers(emptyAnswer) } },
    async (req) => {
      await resetPasswordByPhone(db, ctx.realtime, req.body.phone, req.body.authCode, req.body.pw);
      return created(undefined, MSG.passwordChanged);
    },
  );

  app.post(
    '/api/join',
    { config: { access: 'public' }, schema: { tags, summary: '회원가입 (회사 또는 부계정: securityNum)', body: joinRequest, response: answers(emptyAnswer) } },
    async (req) => {
      const form = req.body;
      if (form.securityNum !== undefined) {
        await joinSubAccount(db, { ...form, securityNum: form.securityNum }, req.ip);
      } else {
        await joinCompany(db, { ...form, companyName: form.companyName ?? '', companyArea: form.companyArea ?? '' });
      }
      return created(undefined, MSG.joinDone);
    },
  );

  app.post(
    '/api/chatJoin',
    { config: { access: 'public' }, schema: { tags, summary: '채팅 간편가입 (로그인과 같은 응답)', body: chatJoinRequest, response: answers(loginAnswer) } },
    async (req) => ok(await chatJoin(db, req.body, req.ip), MSG.joinDone),
  );

}
