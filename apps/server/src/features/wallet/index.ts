/** The wallet feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { credit, debit } from './wallet.js';
