/**
 * The orders' own texts (docs/architecture.md#a-features-anatomy): the shipment panel, the pickup place, the
 * cancel question's button that keeps the order, and an undone order's refund.
 */
export const TO = {
  /** Beside the red '주문 취소' of the question, '취소' read as the same thing. */
  keepOrder: '닫기',
  /**
   * What an undone order (출고취소, 판매자취소, 반품승인) gave back, as its 거래명세서 says it: cash back,
   * or a 외상 order's amount off what the company owes; a change-of-mind return keeps the shipping.
   */
  refund: {
    cashLabel: '환불 금액',
    creditLabel: '외상 차감',
    cash: (amount: string) => `${amount}을 캐시로 돌려드렸습니다.`,
    credit: (amount: string) => `${amount}은 청구하지 않으며, 외상 미수금에서 차감되었습니다.`,
    shippingKept: (fee: string) => `단순 변심 반품이라 배송비 ${fee}은 환불되지 않았습니다.`,
    shippingKeptOnCredit: (fee: string) => `단순 변심 반품이라 배송비 ${fee}은 차감되지 않았습니다.`,
    /** An old return whose reason was erased (docs/requirements.md#retention): the amount is not known. */
    cashUnknown: '결제된 금액은 캐시로 환불되었습니다.',
    creditUnknown: '주문 금액은 청구하지 않으며, 외상 미수금에서 차감되었습니다.',
  },
  tracking: {
    title: '배송 조회',
    close: '배송 조회 닫기',
    carrier: '택배사',
    waybill: '송장번호',
    link: '택배사에서 조회',
    delivered: (at: string) => `배송완료 ${at}`,
    noEvents: '아직 택배사에서 받은 배송 단계가 없습니다.',
    untracked: '이 배송은 단계 조회를 하지 않습니다.',
    none: '-',
  },
  /** The phone order list's row of the number every 알림톡 names the order by ('주문번호: 28'). */
  orderNo: '주문번호',
  pickupPlace: '수령 장소',
  pickupAt: (stock: string) => `${stock} (방문수령)`,
};
