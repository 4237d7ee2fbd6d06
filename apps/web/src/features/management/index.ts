/** What other features use of the member area (docs/architecture.md#a-features-anatomy). */
export { allowedMenu, type MenuPath } from './menu';
export { addressListQuery, useSaveAddress } from './api';
