/** The credit feature's surface for the rest of the server (docs/architecture.md#credit). */
export { creditRoutes } from './routes.js';
export { postLedgerEntry, type LedgerPosting } from './repository.js';
export { chargeCreditOrder, reverseCreditOrder } from './checkout.js';
