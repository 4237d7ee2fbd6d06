/** The credit feature's surface for the rest of the server (docs/architecture.md#credit). */
export { creditRoutes } from './routes.js';
export { postLedgerEntry, type LedgerPosting } from './repository.js';
export { chargeCreditOrder, creditOwed, holdAfterRefusal, reverseCreditOrder } from './checkout.js';
export { creditCloseJob, creditDailyJob } from './jobs.js';
export { startCreditSchedule } from './schedule.js';
export { closeMonth } from './close.js';
export { creditAccountPage } from './accounts.js';
export { onStatementPaid, reevaluateHold, runCreditDay } from './overdue.js';
export { applyStatementPayment, reverseStatementPayment, type StatementPayment } from './payments.js';
