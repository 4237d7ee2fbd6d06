/** What other features use of the orders (docs/architecture.md#a-features-anatomy). */
export { openOrderDetail } from './OrderDetailPopup';
export { orderKeys, orderListQuery, orderQuery } from './api';
export { StatementButton } from './components/StatementButton';
export { TaxInvoiceBadge } from './components/TaxInvoiceBadge';
export { orderPlace, orderSender } from './place';
