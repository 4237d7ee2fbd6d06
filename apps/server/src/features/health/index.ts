/** The health feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { healthRoutes } from './routes.js';
