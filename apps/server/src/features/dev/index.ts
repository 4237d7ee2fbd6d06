/** The dev feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { devRoutes } from './routes.js';
