/** The payments feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export type { PaymentGateway } from './gateway.js';
export { paymentRoutes } from './routes.js';
export { confirmPayment } from './service.js';
export { endPaymentsOnWithdrawal } from './withdrawal.js';
export { withdrawalCancelJob } from './withdrawal-job.js';
export { virtualAccountsFromConfig } from './virtual-accounts.js';
export { sandboxVirtualAccounts } from './sandbox.js';
export type { VirtualAccountProvider, VirtualAccountRequest, IssuedVirtualAccount } from './types.js';
