/** 관심상품 and 재입고 알림 (docs/requirements.md#favourites): the heart, the restock button and the member-area list. */
export { FavoritesSection } from './FavoritesSection';
export { HeartButton } from './components/HeartButton';
export { RestockButton } from './components/RestockButton';
export { FAVORITE_TEXTS } from './texts';
