/** The texts of 관심상품 and 재입고 알림 (docs/requirements.md#favourites). */
export const FAVORITE_TEXTS = {
  title: '관심상품',
  intro: '회사 계정들이 함께 쓰는 관심상품 목록입니다. 가격은 회사 등급 가격, 재고는 지금 수량입니다.',
  heartOn: (name: string) => `관심상품에서 빼기: ${name}`,
  heartOff: (name: string) => `관심상품에 담기: ${name}`,
  restockAsk: '재입고 알림 신청',
  restockAsked: '신청됨',
  restockAskedHint: '입고되면 문자로 알려 드립니다. 누르면 신청을 취소합니다.',
  addToCart: '장바구니 담기',
  remove: '빼기',
  empty: '관심상품이 없습니다. 상품의 하트(♡)를 눌러 담아 보세요.',
  addedToCart: '장바구니에 담았습니다.',
  cols: { product: '상품', warehouse: '창고', stock: '재고', price: '가격', manage: '관리' },
} as const;
