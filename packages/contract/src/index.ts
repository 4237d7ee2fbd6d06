/**
 * The contract of server and web app. The package is marked free of side effects (package.json), so
 * a bundle keeps only the modules whose exports it uses: constants.ts, messages*.ts, rules.ts and
 * seoul-time.ts hold no zod schema, and a page that needs only them (the web app's shell and first
 * pages) builds none of the hundreds of schemas of the others when it starts.
 */
export * from './constants.js';
export * from './messages.js';
export * from './rules.js';
export * from './seoul-time.js';
export * from './carriers.js';
export * from './notify-templates.js';
export * from './tax-invoice.js';
export * from './unicode.js';
export * from './audit-labels.js';
export * from './part-relations.js';
export * from './name-search.js';
export * from './search-words.js';
export * from './particles.js';
export * from './part-synonyms.js';
export * from './csv.js';
export * from './csv-cells.js';
export * from './estimate-columns.js';
export * from './quick-order-limits.js';
export * from './quick-order-lines.js';
export * from './call-routes.js';
export * from './calls.js';
export * from './call-schemas.js';
export * from './auth.js';
export * from './envelope.js';
export * from './mall.js';
export * from './socket.js';
export * from './socket-events.js';
export * from './messages-shop.js';
export * from './products.js';
export * from './orders.js';
export * from './warehouses.js';
export * from './member.js';
export * from './epc.js';
export * from './chat.js';
export * from './providers.js';
export * from './admin.js';
export * from './part-admin.js';
export * from './jobs.js';
export * from './notify.js';
export * from './paperwork.js';
export * from './vehicles.js';
export * from './quick-order.js';
export * from './tracking.js';
export * from './shipment-counts.js';
export * from './favorites.js';
export * from './credit.js';
export * from './credit-close.js';
export * from './credit-deposits.js';
export * from './credit-receivables.js';
export * from './orders-pay-with.js';
export * from './deposits.js';
