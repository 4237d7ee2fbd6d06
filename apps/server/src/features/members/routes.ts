import { MSG, MSG_MEMBER } from '@partsmall/contract';
import {
  type Api,
  type AppContext,
  requireCompanyMember,
  requireMainAccount,
  requireMember,
} from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { created, ok, okPage } from '../../shared/http.js';
import {
  createMember,
  editMember,
  listMembers,
  resetMemberPassword,
  setMemberState,
  setMemberType,
  updateCompanyInfo,
  updateMyInfo,
  updateMyPassword,
} from './service.js';
import { withdraw, withdrawCheck } from './withdrawal.js';
import { renewSecurityNumber } from './security-number.js';

/** The member area (docs/requirements.md#member-area-calls): my info, password, company, accounts, security number, withdrawal. */
export function memberRoutes(app: Api, ctx: AppContext) {
  const { db, realtime } = ctx;

  route(app, 'updateMyInfo', async (req) => {
    const auth = requireMember(req);
    return created(await updateMyInfo(db, auth, req.body), MSG_MEMBER.infoUpdated);
  });

  route(app, 'updateMyPassword', async (req) => {
    const auth = requireMember(req);
    await updateMyPassword(db, realtime, auth, req.body);
    return created(undefined, MSG_MEMBER.passwordUpdated);
  });

  route(app, 'updateMyCompanyInfo', async (req) => {
    const auth = requireMainAccount(req);
    const userInfo = await updateCompanyInfo(db, ctx.events, auth.member, auth.companyId, req.body);
    return created({ userInfo }, MSG_MEMBER.companyUpdated);
  });

  route(app, 'getMallMemberInfo', async (req) => {
    const auth = requireMainAccount(req);
    return okPage(await listMembers(db, auth.companyId, req.body), MSG.noInfo);
  });

  route(app, 'setMallMemberInfo', async (req) => {
    const auth = requireMainAccount(req);
    const form = req.body;
    if ('seq' in form) {
      await editMember(db, auth.companyId, form);
      return created({ seq: form.seq }, MSG_MEMBER.memberUpdated);
    }
    const seq = await createMember(db, auth.companyId, form);
    return created({ seq }, MSG_MEMBER.memberCreated);
  });

  route(app, 'setMallMemberType', async (req) => {
    const auth = requireMainAccount(req);
    await setMemberType(db, ctx.events, auth.companyId, req.body.seq, req.body.type);
    return created(undefined, MSG_MEMBER.memberTypeChanged);
  });

  route(app, 'stateMemberInfo', async (req) => {
    const auth = requireMainAccount(req);
    // The row's own `status` is what the account is now; only targetStatus lets it in again (docs/requirements.md#sub-accounts).
    const { seq, targetStatus } = req.body;
    await setMemberState(db, realtime, auth, auth.companyId, seq, targetStatus);
    return created(undefined, targetStatus === 'stopped' ? MSG_MEMBER.memberStopped : MSG_MEMBER.memberResumed);
  });

  route(app, 'initMallMemberPw', async (req) => {
    const auth = requireMainAccount(req);
    const { pw } = await resetMemberPassword(db, realtime, auth, auth.companyId, req.body.seq);
    return created({ pw }, MSG_MEMBER.passwordReset);
  });

  route(app, 'updateSecurityNumber', async (req) => {
    const auth = requireMainAccount(req);
    const securityNum = await renewSecurityNumber(db, ctx.events, auth.companyId);
    return created({ securityNum }, MSG_MEMBER.securityNumRenewed);
  });

  route(app, 'WithdrawMember', async (req) => {
    const auth = requireCompanyMember(req);
    await withdraw(db, realtime, auth, req.body);
    return created(undefined, MSG_MEMBER.withdrawn);
  });

  route(app, 'withdrawCheck', async (req) => {
    const auth = requireCompanyMember(req);
    return ok(await withdrawCheck(db, auth));
  });
}
