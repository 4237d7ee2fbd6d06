/** The admin feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { adminRoutes } from './routes.js';
