/** What other features use of the shop's products (docs/architecture.md#a-features-anatomy). */
export { productQuery } from './api';
