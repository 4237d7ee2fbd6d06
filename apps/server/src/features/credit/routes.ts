import { route } from '../../shared/route.js';
import type { Api, AppContext } from '../../shared/context.js';
import { AppError } from '../../shared/http.js';

/** 외상: the buyer's summary and statements, the back office's accounts, close, statements and aging. */
export function creditRoutes(app: Api, _ctx: AppContext) {
  const pending = () => {
    throw new AppError(503, '준비 중인 기능입니다.');
  };
  route(app, 'getCreditSummary', pending);
  route(app, 'getStatements', pending);
  route(app, 'statementPdf', pending);
  route(app, 'adminSetCreditAccount', pending);
  route(app, 'adminGetCreditAccount', pending);
  route(app, 'adminSavePaymentTerm', pending);
  route(app, 'adminLiftCreditHold', pending);
  route(app, 'adminReceivablesAging', pending);
  route(app, 'adminReceivablesAgingExport', pending);
  route(app, 'adminCloseMonth', pending);
  route(app, 'adminPreviewStatement', pending);
  route(app, 'adminResendStatement', pending);
  route(app, 'adminStatementList', pending);
}
