/** What other features use of the chat (docs/architecture.md#a-features-anatomy). */
export { FloatingChatButton } from './FloatingChat';
export { leaveInquiry, type ChatInquiry } from './leave-inquiry';
export { MobileChatEntry } from './MobileChatSlide';
export { QrLoginButton } from './QrLoginLazy';
export { QrCodeLogin, QrLinkLogin } from './QrPhoneLogin';
export { QrScanButton } from './QrScanButton';
export { StaffConsoleLink } from './StaffConsoleLink';
