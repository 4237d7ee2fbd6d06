/**
 * Money coming in against 외상 (docs/requirements.md#credit-deposits): statements' virtual accounts and
 * their deposit callbacks, deposits staff record or import from a bank's 입금내역 file, card payments
 * of statements, each matched by the ladder and written to the receivables ledger.
 */
export { receiveDepositCallback, sameSecret, type CallbackOutcome, type DepositCallback } from './callbacks.js';
export { allocateDeposit, type LadderResult, type OpenItem } from './ladder.js';
export { readDepositFile, type DepositFileParse, type FileDeposit } from './files.js';
export { accountByOrderId, latestDepositEvent, type StatementAccountRow } from './accounts.js';
export { recordDeposit, type NewDeposit, type Recorded } from './record.js';
export {
  applyAccountEvents,
  depositCallbackJob,
  issueStatementAccount,
  requestStatementAccount,
  statementAccountJob,
} from './jobs.js';
export { depositRoutes, importDeposits } from './routes.js';
export {
  payableStatement,
  recordCardPayment,
  statementLeft,
  statementPaymentName,
  type CardPaymentPlaced,
} from './statements.js';
export { payStatementFromCash } from './cash-payment.js';
