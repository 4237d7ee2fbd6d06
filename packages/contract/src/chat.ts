/**
 * The chat's part of the contract, one module per concern (docs/architecture.md#a-features-anatomy): its
 * limits, messages and QR login rules, what clients send, and what the server sends. Importers name this
 * module; the parts import each other.
 */
export * from './chat-rules.js';
export * from './chat-payloads.js';
export * from './chat-answers.js';
