import {
  MSG,
  MSG_MEMBER,
  memberListRequest,
  memberStateRequest,
  memberTypeRequest,
  saveMemberRequest,
  seqRequest,
  updateCompanyInfoRequest,
  updateMyInfoRequest,
  updateMyPasswordRequest,
  withdrawRequest,
  withdrawCheckAnswer,
  companyInfoAnswer,
  loginAnswer,
  memberPageAnswer,
  memberWriteAnswer,
  passwordResetAnswer,
  savedSeqAnswer,
  securityNumberAnswer,
} from '@partsmall/contract';
import { answers } from '../../shared/answers.js';
import { type Api, type AppContext, requireCompanyMember, requireMainAccount, requireMember } from '../../shared/context.js';
import { created, ok } from '../../shared/http.js';
import {
  createMember,
  editMember,
  listMembers,
  renewSecurityNumber,
  resetMemberPassword,
  setMemberState,
  setMemberType,
  updateCompanyInfo,
  updateMyInfo,
  updateMyPassword,
  withdraw,
  withdrawNeedsPassword,
} from './service.js';

const tags = ['members'];

/** The member area (docs/requirements.md#member-area-calls): my info, password, company, accounts, security number, withdrawal. */
export function memberRoutes(app: Api, ctx: AppContext) {
  const { db, realtime } = ctx;

  app.post(
    '/api/updateMyInfo',
    { config: { access: 'member' }, schema: { tags, summary: '내 정보 수정 (새 토큰 발급, 이전 토큰 폐기)', body: updateMyInfoRequest, response: answers(loginAnswer) } },
    async (req) => {
      const auth = requireMember(req);
      return created(await updateMyInfo(db, auth, req.body), MSG_MEMBER.infoUpdated);
    },
  );

  app.post(
    '/api/updateMyPassword',
    { config: { access: 'member' }, schema: { tags, summary: '비밀번호 변경 (다른 세션 종료)', body: updateMyPasswordRequest, response: answers(memberWriteAnswer) } },
    async (req) => {
      const auth = requireMember(req);
      await updateMyPassword(db, realtime, auth, req.body);
      return created(undefined, MSG_MEMBER.passwordUpdated);
    },
  );

  app.post(
    '/api/updateMyCompanyInfo',
    { config: { access: 'main' }, schema: { tags, summary: '회사 정보 수정 (대표 계정)', body: updateCompanyInfoRequest, response: answers(companyInfoAnswer) } },
    async (req) => {
      const auth = requireMainAccount(req);
      const userInfo = await updateCompanyInfo(db, auth.member, auth.companyId, req.body);
      return created({ userInfo }, MSG_MEMBER.companyUpdated);
    },
  );

  app.post(
    '/api/getMallMemberInfo',
    { config: { access: 'main' }, schema: { tags, summary: '회사 계정 목록 (대표 계정, 16건씩)', body: memberListRequest, response: answers(memberPageAnswer) } },
    async (req) => {
      const auth = requireMainAccount(req);
      const { results, total } = await listMembers(db, auth.companyId, req.body);
      return ok(results, results.length ? undefined : MSG.noInfo, total);
    },
  );

  app.post(
    '/api/setMallMemberInfo',
    { config: { access: 'main' }, schema: { tags, summary: '부계정 등록 (seq 없음: id, pw) 또는 수정 (seq)', body: saveMemberRequest, response: answers(savedSeqAnswer) } },
    async (req) => {
      const auth = requireMainAccount(req);
      const form = req.body;
      if ('seq' in form) {
        await editMember(db, auth.companyId, form);
        return created({ seq: form.seq }, MSG_MEMBER.memberUpdated);
      }
      const seq = await createMember(db, auth.companyId, form);
      return created({ seq }, MSG_MEMBER.memberCreated);
    },
  );

  app.post(
    '/api/setMallMemberType',
    { config: { access: 'main' }, schema: { tags, summary: '계정 구분 변경 (0 대표, 1 부계정)', body: memberTypeRequest, response: answers(memberWriteAnswer) } },
    async (req) => {
      const auth = requireMainAccount(req);
      await setMemberType(db, auth.companyId, req.body.seq, req.body.type);
      return created(undefined, MSG_MEMBER.memberTypeChanged);
    },
  );

  app.post(
    '/api/stateMemberInfo',
    { config: { access: 'main' }, schema: { tags, summary: '계정 사용 중지 (status: active 이면 다시 허용)', body: memberStateRequest, response: answers(memberWriteAnswer) } },
    async (req) => {
      const auth = requireMainAccount(req);
      const { seq, status } = req.body;
      await setMemberState(db, realtime, auth, auth.companyId, seq, status);
      return created(undefined, status === 'stopped' ? MSG_MEMBER.memberStopped : MSG_MEMBER.memberResumed);
    },
  );

  app.post(
    '/api/initMallMemberPw',
    { config: { access: 'main' }, schema: { tags, summary: '계정 비밀번호 초기화 (새 비밀번호는 results.pw 로 한 번만)', body: seqRequest, response: answers(passwordResetAnswer) } },
    async (req) => {
      const auth = requireMainAccount(req);
      const { pw } = await resetMemberPassword(db, realtime, auth, auth.companyId, req.body.seq);
      return created({ pw }, MSG_MEMBER.passwordReset);
    },
  );

  app.post('/api/updateSecurityNumber', { config: { access: 'main' }, schema: { tags, summary: '보안번호 변경 (대표 계정)', response: answers(securityNumberAnswer) } }, async (req) => {
    const auth = requireMainAccount(req);
    const securityNum = await renewSecurityNumber(db, auth.companyId);
    return created({ securityNum }, MSG_MEMBER.securityNumRenewed);
  });

  app.post(
    '/api/WithdrawMember',
    { config: { access: 'company' }, schema: { tags, summary: '회원 탈퇴 (대표 계정은 회사와 모든 계정)', body: withdrawRequest, response: answers(memberWriteAnswer) } },
    async (req) => {
      const auth = requireCompanyMember(req);
      await withdraw(db, realtime, auth, req.body);
      return created(undefined, MSG_MEMBER.withdrawn);
    },
  );

  app.post(
    '/api/withdrawCheck',
    { config: { access: 'company' }, schema: { tags, summary: '회원 탈퇴 전 확인: 비밀번호를 다시 입력해야 하는지 (로그인 10분 후)', response: answers(withdrawCheckAnswer) } },
    async (req) => {
      const auth = requireCompanyMember(req);
      return ok({ pwRequired: await withdrawNeedsPassword(db, auth.sessionId) });
    },
  );
}
