/** The members feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { memberRoutes } from './routes.js';
