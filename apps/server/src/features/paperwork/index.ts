/** The paperwork feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { paperworkRoutes } from './routes.js';
export { buyerParty, supplierParty } from './statements.js';
