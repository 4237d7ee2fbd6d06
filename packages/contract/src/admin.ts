/**
 * The back office's part of the contract, one module per concern (docs/architecture.md#a-features-anatomy):
 * the menu and messages, orders, companies and payments, products and the catalogue upload, notices and
 * inquiries, configuration, staff and dashboard. Importers name this module; the parts import each other.
 */
export * from './admin-menu.js';
export * from './admin-orders.js';
export * from './admin-companies.js';
export * from './admin-products.js';
export * from './admin-notices.js';
export * from './admin-config.js';
export * from './admin-staff.js';
