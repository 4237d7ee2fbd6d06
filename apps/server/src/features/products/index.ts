/** The products feature's surface for other features (quick order, reorder): any-number lookup. */
export {
  findProductsByNumbers,
  relationsFor,
  MAX_HITS_PER_NUMBER,
  MAX_NUMBERS_AT_ONCE,
  type NumberHit,
} from './part-numbers.js';
export { priceFor, type ProductRow, type Viewer } from './service.js';
