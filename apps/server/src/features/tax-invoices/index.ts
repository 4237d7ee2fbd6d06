/** The tax-invoices feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { issueTaxInvoice, missingInvoiceFields, monthlyTaxInvoices, pollTaxInvoices } from './issue.js';
export { invoicesOfOrders } from './list.js';
export { onOrderMoved, writeCreditNoteCorrection, writeInvoice, type CreditNote } from './orders.js';
export { taxInvoicesFromConfig } from './provider.js';
export { taxInvoiceRoutes } from './routes.js';
export { startPaperworkSchedule } from './schedule.js';
