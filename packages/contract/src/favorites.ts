/**
 * 관심상품 and 재입고 알림 (docs/requirements.md#favourites, #restock-alerts): the calls'
 * payloads, answers and Korean messages.
 */
import { z } from 'zod';
import { answerOf, pageAnswerOf } from './envelope.js';
import { productView } from './products.js';
import { pageNumber, pageSize } from './page-fields.js';
import { groupDigits } from './rules.js';

/** Products one company may keep in its list; a bound so that the list and its marks stay one small read. */
export const FAVORITES_MAX = 1000;
/** Open restock requests one member may hold at once. */
export const RESTOCK_ALERTS_MAX = 200;
export const FAVORITES_PAGE_SIZE = 20;

export const MSG_FAVORITES = {
  productGone: '판매하지 않는 상품입니다. 목록을 새로 고친 뒤 다시 시도해 주세요.',
  badProduct: '상품을 선택하세요.',
  badOn: '켜기 또는 끄기를 선택하세요.',
  added: '관심상품에 담았습니다.',
  removed: '관심상품에서 뺐습니다.',
  tooMany: `관심상품은 최대 ${groupDigits(FAVORITES_MAX)}개까지 담을 수 있습니다. 필요 없는 상품을 빼 주세요.`,
  restockInStock: '재고가 있는 상품은 재입고 알림을 신청할 수 없습니다. 지금 주문할 수 있습니다.',
  restockOn: '재입고 알림을 신청했습니다. 입고되면 문자로 알려 드립니다.',
  restockOff: '재입고 알림 신청을 취소했습니다.',
  restockTooMany: `재입고 알림은 최대 ${groupDigits(RESTOCK_ALERTS_MAX)}개까지 신청할 수 있습니다.`,
} as const;

const productId = z
  .number({ error: MSG_FAVORITES.badProduct })
  .int(MSG_FAVORITES.badProduct)
  .min(1, MSG_FAVORITES.badProduct)
  .max(2_147_483_647, MSG_FAVORITES.badProduct);

/** api/setFavorite and api/setRestockAlert: on or off, the same answer however often it is sent. */
export const productMarkRequest = z.object({
  productId,
  on: z.boolean({ error: MSG_FAVORITES.badOn }),
});
export type ProductMarkRequest = z.infer<typeof productMarkRequest>;
export const productMarkAnswer = answerOf(z.object({ productId: z.number().int(), on: z.boolean() }));

/** api/getFavorites: a page of the company's list, newest first. */
export const favoritesRequest = z.object({
  page: pageNumber(),
  // A larger size is served as 100, as the buyer's other lists serve it.
  size: pageSize(FAVORITES_PAGE_SIZE),
});
/** A favourite: the product with the company's tier price, stock and warehouse, and when it was added. */
export const favoriteRow = productView.extend({
  added: z.iso.datetime(),
  /** Whether this member asked to be told when it is back in stock. */
  restockAlert: z.boolean(),
});
export type FavoriteRow = z.infer<typeof favoriteRow>;
export const favoritesAnswer = pageAnswerOf(favoriteRow);

/**
 * api/getProductMarks: which products the company keeps (hearts) and which this member waits for
 * (재입고 알림), so every card and row shows its marks from one small read.
 */
export const productMarks = z.object({
  favorites: z.array(z.number().int()),
  restockAlerts: z.array(z.number().int()),
});
export type ProductMarks = z.infer<typeof productMarks>;
export const productMarksAnswer = answerOf(productMarks);
