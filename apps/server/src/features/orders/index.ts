/** The orders feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { paidMessage, payOrder } from './payment.js';
export { orderRoutes } from './routes.js';
export { refundAmount } from './rules.js';
export { appliedForAudit, listOrders, moveOrder, toOrderView, type AppliedMove } from './service.js';
