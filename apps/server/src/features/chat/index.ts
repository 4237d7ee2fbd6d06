/** The chat feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { checkUploadBatch, decodeQueue, processImage } from './images.js';
export { claimReplyNotice } from './conversations.js';
export { registerChatNamespace } from './namespace.js';
export { chatRoutes, chatStorageRoot, countOnlineCustomers } from './routes.js';
export { diskStorage } from './storage.js';
export type { FileStorage } from './storage.js';
