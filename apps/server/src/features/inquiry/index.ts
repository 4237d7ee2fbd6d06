/** The inquiry feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { inquiryRoutes } from './routes.js';
