/**
 * Every table of the shop's database, as Drizzle and drizzle-kit read them. Each table lives in the
 * feature that owns it, `features/<name>/schema.ts` (docs/architecture.md#the-database), next to that
 * feature's queries (`repository.ts`). Only the database client, drizzle-kit, the seed and the tests
 * read this file; a feature imports its own `./schema.js`, never this file, so no import goes in a circle.
 */
export * from '../features/members/schema.js';
export * from '../features/shipping/schema.js';
export * from '../features/auth/schema.js';
export * from './rate-events.js';
export * from '../features/sms/schema.js';
export * from '../features/products/schema.js';
export * from '../features/favorites/schema.js';
export * from '../features/cart/schema.js';
export * from '../features/orders/schema.js';
export * from '../features/wallet/schema.js';
export * from '../features/payments/schema.js';
export * from '../features/tax-invoices/schema.js';
export * from '../features/mall/schema.js';
export * from '../features/notices/schema.js';
export * from '../features/inquiry/schema.js';
export * from '../features/carinfo/schema.js';
export * from '../features/admin/schema.js';
export * from '../features/epc/schema.js';
export * from '../features/chat/schema.js';
export * from '../features/jobs/schema.js';
export * from '../features/vehicles/schema.js';
export * from '../features/tracking/schema.js';
export * from '../features/notify/schema.js';
export * from '../features/credit/schema.js';
export * from '../features/deposits/schema.js';
