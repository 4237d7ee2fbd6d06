/** The products feature's surface for other features (quick order, reorder): any-number lookup. */
export {
  CANDIDATE_COLUMNS,
  findProductsByNumbers,
  type CandidateRow,
  relationsFor,
  MAX_HITS_PER_NUMBER,
  MAX_NUMBERS_AT_ONCE,
  type NumberHit,
} from './part-numbers.js';
export { makerlessFactoryNumbers } from './makerless-numbers.js';
export { priceFor, searchProducts, type ProductRow, type Viewer } from './service.js';
export { SEARCHED_ROWS } from './word-search.js';
export { productById, productsByOeKeys } from './lookups.js';
export { invalidateProductLists } from './list-cache.js';
export { fillProductNameColumns, invalidateSynonyms } from './name-search.js';
export { productRoutes } from './routes.js';
// The shop's cross-reference and synonym groups, read and written by the back office (admin/part-numbers.ts).
export * from './xref-store.js';
