/** The auth feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { hashPassword, verifyPassword } from './passwords.js';
export { checkPhoneCode, requestPhoneCode } from './phone-codes.js';
export { installRequestContext } from './request-context.js';
export { authRoutes } from './routes.js';
export {
  forgetLoginGuesses,
  forgetSecurityNumberGuesses,
  newSecurityNumber,
  verifiedMemberByPhone,
} from './service.js';
export {
  createHandedOnSession,
  createSession,
  endSessions,
  resolveSession,
  resolveSessions,
  revokeSessions,
  sessionProvenAt,
} from './sessions.js';
export type { AuthContext, MemberRow, SessionSockets } from './sessions.js';
export { buildUserInfo, findMemberById, toUserInfo } from './user-info.js';
export type { CompanyRow } from './user-info.js';
