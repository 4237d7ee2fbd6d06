/** My vehicles (docs/requirements.md#my-vehicles): the list, and which of them a product fits. */
export { vehicleRoutes } from './routes.js';
export { fitsOfProducts, productIdsFitting } from './fits.js';
