/** The shipping feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { checkOffered, deliveryOptionsOf } from './delivery-options.js';
export { shippingRoutes } from './routes.js';
