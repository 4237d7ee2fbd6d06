/** 관심상품 and 재입고 알림 (docs/requirements.md#favourites): the calls, and the restock hook every stock-raising write calls. */
export { favoriteRoutes } from './routes.js';
export { onStockRaised, onStocksRaised } from './restock.js';
