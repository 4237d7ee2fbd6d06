/** The notices feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { noticeRoutes } from './routes.js';
export { sanitizeNoticeHtml, unservedPictures } from './sanitize.js';
export { createNotice } from './service.js';
