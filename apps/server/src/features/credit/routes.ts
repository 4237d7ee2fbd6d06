import { MSG_CREDIT } from '@partsmall/contract';
import { route } from '../../shared/route.js';
import { requireAdmin, requireCompanyMember, requireStaff, type Api, type AppContext } from '../../shared/context.js';
import { AppError, created, ok } from '../../shared/http.js';
import type { AuthContext } from '../auth/types.js';
import {
  buyerSummary,
  creditAccountPage,
  liftCreditHold,
  savePaymentTerm,
  setCreditAccount,
  type Actor,
} from './accounts.js';

const actorOf = (auth: AuthContext): Actor => ({ memberId: auth.member.id, name: auth.member.name });

/** 외상: the buyer's summary and statements, the back office's accounts, close, statements and aging. */
export function creditRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;
  const pending = () => {
    throw new AppError(503, '준비 중인 기능입니다.');
  };

  route(app, 'getCreditSummary', async (req) => {
    const auth = requireCompanyMember(req);
    return ok(await buyerSummary(db, { companyId: auth.companyId, memberType: auth.member.type }));
  });
  route(app, 'adminSetCreditAccount', async (req) => {
    const auth = requireAdmin(req);
    await setCreditAccount(db, actorOf(auth), req.body);
    return created(await creditAccountPage(db, req.body.companyId), MSG_CREDIT.saved);
  });
  route(app, 'adminGetCreditAccount', async (req) => {
    requireStaff(req);
    return ok(await creditAccountPage(db, req.body.companyId));
  });
  route(app, 'adminSavePaymentTerm', async (req) => {
    const auth = requireAdmin(req);
    return created(await savePaymentTerm(db, actorOf(auth), req.body), MSG_CREDIT.termSaved);
  });
  route(app, 'adminLiftCreditHold', async (req) => {
    const auth = requireStaff(req);
    await liftCreditHold(db, actorOf(auth), req.body.companyId, req.body.reason);
    return created(await creditAccountPage(db, req.body.companyId), MSG_CREDIT.holdLifted);
  });

  route(app, 'getStatements', pending);
  route(app, 'statementPdf', pending);
  route(app, 'adminReceivablesAging', pending);
  route(app, 'adminReceivablesAgingExport', pending);
  route(app, 'adminCloseMonth', pending);
  route(app, 'adminPreviewStatement', pending);
  route(app, 'adminResendStatement', pending);
  route(app, 'adminStatementList', pending);
}
