/** What the product screens say of a search, beside the shop's common texts (T.shop). */
export const TP = {
  /** A part number no product has left a search empty (docs/search.md#a-word-no-product-has). */
  unmatchedNumber: (number: string) => `품번 '${number}'인 상품이 없습니다.`,
  numberNotInCategory: (number: string) => `이 분류에는 품번 '${number}'인 상품이 없습니다.`,
  searchEveryCategory: (keyword: string) => `전체 분류에서 '${keyword}' 검색`,
};
