/** The epc feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { seedEpcDemo } from './demo/seed.js';
export { importCatalogue } from './import/index.js';
export { epcRoutes } from './routes.js';
