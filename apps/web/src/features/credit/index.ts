import { lazy } from 'react';

/**
 * 외상 (docs/requirements.md#credit): checkout's 결제 방법, the member area's 외상 거래 and the back
 * office's screens (loaded when first opened, so neither checkout nor the member area carries them).
 */
export { CreditPayChoice, useCreditOffer } from './components/CreditPayChoice';
export { CreditSection } from './CreditSection';
export { CREDIT_TEXTS } from './texts';
export const CreditAdminPage = lazy(() => import('./admin/CreditAdminPage'));
export const DepositQueuePage = lazy(() => import('./admin/DepositQueuePage'));
