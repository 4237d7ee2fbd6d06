/** The orders' own texts (docs/architecture.md#a-features-anatomy): the shipment panel and the pickup place. */
export const TO = {
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
  pickupPlace: '수령 장소',
  pickupAt: (stock: string) => `${stock} (방문수령)`,
};
