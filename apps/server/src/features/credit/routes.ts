import type { FastifyRequest } from 'fastify';
import { MSG, MSG_CREDIT, closeMonthMessage } from '@partsmall/contract';
import { route } from '../../shared/route.js';
import {
  requireAdmin,
  requireCompanyMember,
  requireMember,
  requireStaff,
  type Api,
  type AppContext,
} from '../../shared/context.js';
import { AppError, created, forbidden, ok, okPage, sendDocument } from '../../shared/http.js';
import { recordAudit } from '../admin/repository.js';
import { renderPdf } from '../../workers/pools.js';
import type { AuthContext } from '../auth/types.js';
import { StatementInputError } from '../documents/index.js';
import {
  buyerSummary,
  creditAccountPage,
  liftCreditHold,
  paymentTermList,
  savePaymentTerm,
  setCreditAccount,
  type Actor,
} from './accounts.js';
import { closeMonth } from './close.js';
import { findCreditAccount } from './repository.js';
import {
  adminStatements,
  buyerStatements,
  previewStatement,
  receivablesAging,
  receivablesAgingCsv,
  resendStatement,
  statementPdfInput,
} from './statements.js';

const actorOf = (auth: AuthContext): Actor => ({ memberId: auth.member.id, name: auth.member.name });
const isStaff = (auth: AuthContext) => auth.member.role === 'staff' || auth.member.role === 'admin';

/** 외상: the buyer's summary and statements, the back office's accounts, close, statements and aging. */
export function creditRoutes(app: Api, ctx: AppContext) {
  const { db, config } = ctx;

  /** A company member may read statements when the account allows them (sub-accounts only if allowed). */
  async function statementReader(req: FastifyRequest) {
    const auth = requireCompanyMember(req);
    await buyerSummaryAccess(auth.companyId, auth.member.type);
    return auth;
  }
  async function buyerSummaryAccess(companyId: number, memberType: number) {
    const account = await findCreditAccount(db, companyId);
    if (!account) throw new AppError(404, MSG_CREDIT.noAccount);
    if (memberType !== 0 && !account.allowSubAccounts) throw forbidden(MSG_CREDIT.notForSubAccount);
  }

  route(app, 'getCreditSummary', async (req) => {
    const auth = requireCompanyMember(req);
    return ok(await buyerSummary(db, { companyId: auth.companyId, memberType: auth.member.type }));
  });
  route(app, 'getStatements', async (req) => {
    const auth = await statementReader(req);
    return okPage(await buyerStatements(db, auth.companyId, req.body), MSG.noInfo);
  });
  route(app, 'statementPdf', async (req, reply) => {
    const auth = requireMember(req);
    const staff = isStaff(auth);
    if (!staff) {
      if (auth.member.companyId === null) throw forbidden();
      await buyerSummaryAccess(auth.member.companyId, auth.member.type);
    }
    const input = await statementPdfInput(db, req.query.seq, staff ? null : auth.member.companyId);
    let pdf: Buffer;
    try {
      pdf = await renderPdf(
        { kind: 'creditStatement', input },
        staff ? `staff:${auth.member.id}` : `company:${auth.member.companyId}`,
      );
    } catch (e) {
      if (e instanceof StatementInputError) throw new AppError(422, MSG_CREDIT.statementNotFound);
      throw e;
    }
    const filename = `statement-${input.month}-${req.query.seq}.pdf`;
    return sendDocument(reply, pdf, 'application/pdf', filename);
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
  route(app, 'adminPaymentTerms', async (req) => {
    requireStaff(req);
    return ok(await paymentTermList(db));
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

  route(app, 'adminCloseMonth', async (req) => {
    const auth = requireAdmin(req);
    // The test clock (docs/requirements.md#credit-test-clock): only outside production is the running month closable.
    const result = await closeMonth(db, { ...req.body, allowOpenMonth: !config.production });
    await recordAudit(db, {
      memberId: auth.member.id,
      action: 'closeMonth',
      target: req.body.companyId ? `company:${req.body.companyId}` : `month:${req.body.month}`,
      before: null,
      after: {
        month: result.month,
        closed: result.closed,
        already: result.already,
        parked: result.parked,
        caughtUp: result.caughtUp,
      },
    });
    // A close that made nothing says why: the month was closed already, or nothing was billed.
    return created(result, closeMonthMessage(result));
  });
  route(app, 'adminPreviewStatement', async (req) => {
    requireStaff(req);
    return ok(await previewStatement(db, req.body.companyId, req.body.month));
  });
  route(app, 'adminResendStatement', async (req) => {
    const auth = requireStaff(req);
    // A second press within the window (a colleague's, or a double click) asks for what was just
    // done: the 알림톡 is on its way. An error would read as a failure and invite another press, the
    // usual 201 as a second message sent; so 200, saying this press sent nothing
    // (docs/requirements.md#monthly-close). One that would reach nobody, or only phones that had their
    // day of bills, is refused by resendStatement: it does not say it sent what will not go.
    if ((await resendStatement(db, req.body.seq)) === 'recent') return ok(undefined, MSG_CREDIT.statementJustResent);
    await recordAudit(db, {
      memberId: auth.member.id,
      action: 'resendStatement',
      target: `statement:${req.body.seq}`,
      before: null,
      after: null,
    });
    ctx.log.info({ statement: req.body.seq }, 'statement re-sent');
    return created(undefined, MSG_CREDIT.statementResent);
  });
  route(app, 'adminStatementList', async (req) => {
    requireStaff(req);
    return okPage(await adminStatements(db, req.body));
  });
  route(app, 'adminReceivablesAging', async (req) => {
    requireStaff(req);
    return ok(await receivablesAging(db));
  });
  route(app, 'adminReceivablesAgingExport', async (req) => {
    requireStaff(req);
    return ok(await receivablesAgingCsv(db));
  });
}
