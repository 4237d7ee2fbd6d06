/** The credit feature's floor file for Drizzle (docs/architecture.md#boundaries): its tables, kept in tables.ts beside repository.ts. */
export * from './tables.js';
