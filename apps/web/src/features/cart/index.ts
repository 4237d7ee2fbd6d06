/** What other features use of the cart: the payment items it hands to checkout (docs/architecture.md#a-features-anatomy). */
export { fromCartLine, handDraftTo, paymentStore, type PaymentDraft, type PaymentItem } from './model';
export { cartKeys } from './api';
