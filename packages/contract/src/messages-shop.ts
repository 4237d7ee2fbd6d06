import { PAGE_SIZE } from './constants.js';
import { groupDigits } from './rules.js';

/** Korean messages of the public shop: products, notices, inquiry. */
export const MSG_SHOP = {
  badPage: '페이지 번호가 올바르지 않습니다.',
  badSize: '페이지 크기가 올바르지 않습니다.',
  badSeq: '상품 번호가 올바르지 않습니다.',
  keywordTooLong: '검색어는 200자 이내로 입력하세요.',
  /** The product search's type outside its list (name, pid or empty; docs/requirements.md#validation). */
  searchTypeInvalid: '검색 종류(상품명 또는 품번)를 다시 선택하세요.',
  pidRequired: '부품번호를 입력하세요.',
  suggestKeyword: '검색어를 1자 이상 100자 이내로 입력하세요.',
  noInfo: '검색된 정보가 없습니다.',
  productNotFound: '상품 정보를 찾을 수 없습니다.',
  noticeNotFound: '공지사항을 찾을 수 없습니다.',
  badNoticeSeq: '공지 번호가 올바르지 않습니다.',
  badNoticeType: '공지 종류가 올바르지 않습니다.',
  inquiryType: '문의 유형을 선택하세요.',
  inquiryPhone: '연락처는 숫자 10~11자리로 입력하세요.',
  inquiryContent: '문의 내용은 10자 이상 200자 이내로 입력하세요.',
  inquiryDone: '문의가 접수되었습니다. 빠르게 연락드리겠습니다.',
  inquiryTooMany: '문의를 너무 자주 보냈습니다. 잠시 후 다시 시도해 주세요.',
} as const;

/**
 * The stock and what the buyer's cart already holds of it: the cart's and the quick order's refusals.
 * Two figures side by side, as the cart's line says them ('재고 23개, 주문 25개'): '재고 23개 중 25개가
 * 이미 장바구니에 있음' read as nonsense once the stock fell under the cart's quantity.
 */
export const MSG_STOCK_IN_CART = (stock: number, inCart: number) =>
  `(재고 ${groupDigits(stock)}개, 장바구니 ${groupDigits(inCart)}개)`;

/** Korean messages of cart, checkout and orders (docs/requirements.md#korean-texts). */
export const MSG_ORDER = {
  addedToCart: '장바구니에 담았습니다.',
  removedFromCart: '장바구니에서 삭제했습니다.',
  qtyUpdated: '구매 수량을 변경했습니다.',
  jobRefSaved: '작업번호·차량번호를 저장했습니다.',
  qtyUpdateFailed: '구매 수량 변경 중 문제가 발생했습니다.',
  qtyInvalid: '수량은 1 이상의 정수로 입력하세요.',
  /** A line's quantity over the most one line may hold (docs/requirements.md#limits). */
  qtyMax: (max: number) => `수량은 ${groupDigits(max)}개까지 입력할 수 있습니다.`,
  /**
   * More than the stock: the original text; an add that the cart's own line takes past it says what
   * the cart holds, as a quick order's refused line does (docs/requirements.md#cart-and-checkout).
   */
  qtyOverStock: (stock: number, inCart = 0) =>
    inCart > 0
      ? `재고가 부족합니다. 주문 가능 수량은 ${groupDigits(stock)}개입니다. ${MSG_STOCK_IN_CART(stock, inCart)}`
      : `재고가 부족합니다. 주문 가능 수량은 ${groupDigits(stock)}개입니다.`,
  /**
   * A named product short of stock; with some left (a payment's line, the stock fallen since it was
   * added) the original text's 주문 가능 수량 follows (docs/requirements.md#cart-and-checkout).
   */
  soldOut: (name: string, left = 0) =>
    left > 0
      ? `'${name}' 상품의 재고가 부족합니다. 주문 가능 수량은 ${groupDigits(left)}개입니다.`
      : `'${name}' 상품의 재고가 부족합니다.`,
  productGone: '판매하지 않는 상품입니다.',
  cartLineNotFound: '장바구니 항목을 찾을 수 없습니다.',
  selectProduct: '주문할 상품을 선택하세요.',
  /** An order number that is not one (docs/requirements.md#validation). */
  selectOrder: '주문을 선택하세요.',
  /** A payment holds at most the cart page's lines (docs/requirements.md#limits); a larger cart is paid in parts. */
  tooManyLines: `한 번에 최대 ${PAGE_SIZE.cart}개 상품까지 결제할 수 있습니다. 나누어 결제하세요.`,
  oneWarehouse: '한 번에 한 창고의 상품만 주문할 수 있습니다. 창고별로 나누어 주문하세요.',
  insufficientBalance: '캐시 잔액이 부족합니다.',
  shortBy: (won: number) => `캐시 잔액이 ${groupDigits(won)}원 부족합니다.`,
  freightBranchRequired: '화물 영업소를 입력하세요.',
  senderRequired: '보내는 분을 입력하세요.',
  senderPhoneRequired: '보내는 분 연락처를 입력하세요.',
  /** A recipient's name that shows no character (docs/requirements.md#validation). */
  recipientNameRequired: '받는 분 이름을 입력하세요.',
  recipientName: '받는 분 이름은 2~20자로 입력하세요.',
  recipientPhone: '받는 분 연락처는 숫자 10~11자리로 입력하세요.',
  postNum: '우편번호는 5~6자리입니다.',
  address: '주소는 2~100자로 입력하세요.',
  addrSub: '상세주소는 2~100자로 입력하세요.',
  memo: '배송 메모는 255자 이내로 입력하세요.',
  arrive: '화물 영업소는 2~50자로 입력하세요.',
  senderName: '보내는 분 이름은 2~20자로 입력하세요.',
  senderPhone: '보내는 분 연락처는 숫자 10~11자리로 입력하세요.',
  badShippingType: '배송 방법을 선택하세요.',
  badPayType: '배송비 결제 방식을 선택하세요.',
  /** A payment sent without its delivery form, or with one that is no form (docs/requirements.md#validation). */
  shippingInfoRequired: '배송 정보를 입력하세요.',
  shippingNotOffered: '이 창고에서는 선택한 배송 방법을 이용할 수 없습니다. 배송 방법을 다시 선택하세요.',
  payTypeNotOffered: '이 창고에서는 선택한 배송비 결제 방식을 이용할 수 없습니다. 결제 방식을 다시 선택하세요.',
  selfQuickNotOffered: '이 창고의 퀵배송은 직접 수령을 제공하지 않습니다.',
  paid: '결제가 완료되었습니다.',
  /** A 외상 order's answer: nothing was paid, it goes on the receivables (docs/requirements.md#credit-checkout). */
  orderedOnCredit: '외상으로 주문했습니다.',
  /** A line's price changed between the checkout screen and the payment (docs/requirements.md#prices-and-tiers). */
  priceChanged: (name: string, shown: number, now: number) =>
    `'${name}' 상품의 가격이 ${groupDigits(shown)}원에서 ${groupDigits(now)}원으로 바뀌었습니다. 바뀐 가격을 확인하고 다시 결제해 주세요.`,
  linePrice: '상품 가격이 올바르지 않습니다.',
  orderNotFound: '주문 정보를 찾을 수 없습니다.',
  statusMoveRefused: '현재 주문 상태에서는 할 수 없는 요청입니다.',
  cancelOnlySameDay: '주문 취소는 주문 당일에만 할 수 있습니다.',
  returnWindow: '반품 신청은 출고 완료 후 20일 이내에만 할 수 있습니다.',
  returnReasonChina: '중국 창고 상품은 단순 변심으로 반품할 수 없습니다.',
  returnReasonRequired: '반품 사유를 선택하세요.',
  cancelled: '주문이 취소되었습니다. 결제한 캐시를 돌려드렸습니다.',
  /** A 외상 order's cancel moves no cash: its charge is reversed (docs/requirements.md#credit-checkout). */
  cancelledOnCredit: '주문이 취소되었습니다. 주문 금액은 외상 미수금에서 차감되었습니다.',
  returnRequested: '반품을 신청했습니다.',
  statusChanged: '주문 상태를 변경했습니다.',
  moveStatus: '변경할 주문 상태를 선택하세요.',
  moveNote: '메모는 255자 이내로 입력하세요.',
  /** A note sent as a number, a flag or a list: its type is wrong, not its length. */
  moveNoteType: '메모를 글자로 입력하세요.',
  moveCarrier: '택배사는 30자 이내로 입력하세요.',
  /** A carrier sent as a number, a flag or a list: its type is wrong, not its length. */
  moveCarrierType: '택배사를 글자로 입력하세요.',
  moveWaybill: '송장번호는 40자 이내로 입력하세요.',
  /** A waybill sent as a number (a long one would lose digits), a flag or a list. */
  moveWaybillType: '송장번호를 글자로 입력하세요.',
  carrierRequired: '택배사와 송장번호를 입력하세요.',
  /** A 방문수령 order is handed over at its warehouse (docs/requirements.md#shipping-and-tracking): no parcel. */
  pickupNoParcel: '방문수령 주문은 창고에서 직접 전달하므로 택배사와 송장번호를 넣지 않습니다.',
  addressSaved: '배송지를 저장했습니다.',
  addressNeeds: '배송지를 저장하려면 받는 분 이름, 연락처, 우편번호가 필요합니다.',
  addressNotFound: '배송지를 찾을 수 없습니다.',
  clientRequestId: '결제 요청 번호가 올바르지 않습니다.',
  defaultMemo: '부재 시 연락 부탁드립니다.',
} as const;
