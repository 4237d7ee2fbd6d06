/** The carinfo feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { carInfoRoutes } from './routes.js';
