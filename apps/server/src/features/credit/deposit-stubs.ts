import { route } from '../../shared/route.js';
import type { Api } from '../../shared/context.js';
import { AppError } from '../../shared/http.js';

/**
 * Placeholders for the calls of money coming in (docs/requirements.md#credit-deposits) until their
 * feature registers them: each answers 503 with a Korean message, never a 500. Delete this file and
 * its one line in app.ts when the real routes are registered.
 */
export function depositStubRoutes(app: Api) {
  const pending = () => {
    throw new AppError(503, '준비 중인 기능입니다.');
  };
  route(app, 'payStatement', pending);
  route(app, 'adminRecordDeposit', pending);
  route(app, 'adminImportDeposits', pending);
  route(app, 'adminDepositQueue', pending);
  route(app, 'adminAssignDeposit', pending);
}
