/** What other features use of logging in and out (docs/architecture.md#a-features-anatomy). */
export { useLogout } from './api';
export { useCountdown } from './PhoneVerification';
