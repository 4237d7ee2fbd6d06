/** The chat feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { checkUploadBatch, decodeQueue, MAX_INPUT_PIXELS, processImage } from './images.js';
export { foreignData, imageLayout, type ImageKind } from './image-check.js';
export { claimReplyNotice } from './conversations.js';
export { registerChatNamespace } from './namespace.js';
export { chatRoutes, chatStorageRoot, countOnlineCustomers } from './routes.js';
export { diskStorage } from './storage.js';
export type { FileStorage } from './storage.js';
