/**
 * The member area's part of the contract, one module per concern (docs/architecture.md#a-features-anatomy):
 * messages, my info, company info and withdrawal; sub-accounts; payments and their histories. Importers
 * name this module; the parts import each other.
 */
export * from './member-info.js';
export * from './member-accounts.js';
export * from './member-payments.js';
