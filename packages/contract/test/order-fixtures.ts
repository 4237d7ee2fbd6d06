/** A delivery as the checkout form sends it (courier, prepaid), valid in every field. */
export const SHIPPING_INFO = {
  name: '김수령',
  phone: '01012345678',
  postNum: '04790',
  address: '서울 성동구 성수이로 77',
  addrSub: '3층',
  shippingValue: 1,
  shippingPayType: 0,
};
