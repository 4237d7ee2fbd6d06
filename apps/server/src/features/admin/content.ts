/**
 * The back office's content, one file per concern: notices (notices.ts), inquiries (inquiries.ts),
 * the shop's configuration (settings.ts), staff accounts (staff.ts) and the dashboard (dashboard.ts).
 */
export { dashboard } from './dashboard.js';
export { answerInquiry, closeInquiry, listInquiries } from './inquiries.js';
export { listNoticesAdmin, noticeDetailAdmin, saveNotice } from './notices.js';
export { readConfig, saveConfig } from './settings.js';
export { createStaff, listStaff, resetStaffPassword, setStaffStatus } from './staff.js';
