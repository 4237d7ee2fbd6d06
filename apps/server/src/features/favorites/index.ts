/** 관심상품 and 재입고 알림 (issue 22 §4): the calls, and the restock hook every stock-raising write calls. */
export { favoriteRoutes } from './routes.js';
export { onStockRaised } from './restock.js';
