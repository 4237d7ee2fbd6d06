/** The retention feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { retentionSweep } from './sweep.js';
export {
  destroyOnWithdrawal,
  lockOrdersBeforeCompany,
  ordersHoldingWithdrawal,
  refuseWhileCreditOwed,
  refuseWhileOrdersInProgress,
} from './withdrawal.js';
