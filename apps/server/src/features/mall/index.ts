/** The mall feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { mallRoutes } from './routes.js';
export { lockedMallConfigVer, readMallConfig, saveMallConfig, shopAccountHolder } from './service.js';
export type { MallConfigData } from './service.js';
