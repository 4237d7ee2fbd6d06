/** What other features use of the app's frame (docs/architecture.md#a-features-anatomy). */
export { NotFound } from './NotFound';
