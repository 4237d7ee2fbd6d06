/**
 * The shop's orders in the contract, one module per concern (docs/architecture.md#a-features-anatomy): the
 * status rules, the cart, checkout and order payloads, and their answers. Importers name this module; the
 * parts import each other.
 */
export * from './orders-status.js';
export * from './orders-requests.js';
export * from './orders-answers.js';
