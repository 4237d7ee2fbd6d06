/** The cart feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { cartRoutes } from './routes.js';
export { addToCart, cartCount, formQuantity, linesForPayment, removeCartLine } from './service.js';
export type { Buyer } from './service.js';
