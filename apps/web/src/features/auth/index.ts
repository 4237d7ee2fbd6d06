/** What other features use of logging in and out (docs/architecture.md#a-features-anatomy). */
export { useLogin, useLogout } from './api';
export { useCountdown } from './PhoneVerification';
