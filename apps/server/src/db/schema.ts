/**
 * Every table of the shop's database, as Drizzle and drizzle-kit read them: the shop's own tables
 * (db/tables/, by area) and the tables features own (features/<name>/schema.ts). A feature's schema
 * imports the tables it refers to from db/tables/, never from this file, so no import goes in a circle.
 */
export * from './tables/accounts.js';
export * from './tables/shop.js';
export * from './tables/products.js';
export * from './tables/orders.js';
export * from './tables/money.js';
export * from '../features/epc/schema.js';
export * from '../features/chat/schema.js';
export * from '../features/jobs/schema.js';
export * from '../features/vehicles/schema.js';
export * from '../features/products/schema.js';
export * from '../features/tracking/schema.js';
export * from '../features/credit/schema.js';
export * from '../features/deposits/schema.js';
