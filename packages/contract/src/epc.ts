/**
 * The parts catalogue's part of the contract, one module per concern (docs/architecture.md#a-features-anatomy):
 * brands, messages and VIN input, VIN decoding, the catalogue's other rules, and the catalogue calls'
 * payloads and answers. Importers name this module; the parts import each other.
 */
export * from './epc-vin.js';
export * from './epc-vin-decode.js';
export * from './epc-rules.js';
export * from './epc-calls.js';
