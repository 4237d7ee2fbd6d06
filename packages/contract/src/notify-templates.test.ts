import { describe, expect, it } from 'vitest';
import {
  CANCEL_TITLES,
  NOTIFY_TEMPLATES,
  REFUND_WORDS,
  TemplateVariableError,
  renderNotice,
  type NotifyEvent,
  type NotifyValue,
} from './notify-templates.js';

const at = new Date('2026-11-21T05:05:00Z'); // 2026.11.21 14:05 in Seoul

/** Every template with its variables, and the text it must give, written out. */
const CASES: [NotifyEvent, Record<string, NotifyValue>, string][] = [
  [
    'orderPaid',
    { shop: '파츠몰', orderNo: '20261121-0042', items: '브레이크 패드 외 2건', amount: 12_300, paidAt: at },
    '[파츠몰] 주문이 결제되었습니다.\n\n주문번호: 20261121-0042\n상품: 브레이크 패드 외 2건\n결제금액: 12,300원\n결제일시: 2026.11.21 14:05\n\n출고가 확정되면 다시 알려 드리겠습니다.',
  ],
  [
    'shipmentConfirmed',
    { shop: '파츠몰', orderNo: '20261121-0042', items: '에어 필터' },
    '[파츠몰] 주문하신 상품의 출고가 확정되었습니다.\n\n주문번호: 20261121-0042\n상품: 에어 필터\n\n발송되면 운송장 번호를 알려 드리겠습니다.',
  ],
  [
    'shipped',
    {
      shop: '파츠몰',
      orderNo: '20261121-0042',
      carrier: 'CJ대한통운',
      waybill: '601234567890',
      trackingLink: 'https://trace.cjlogistics.com/next/tracking.html?wblNo=601234567890',
    },
    '[파츠몰] 주문하신 상품이 발송되었습니다.\n\n주문번호: 20261121-0042\n택배사: CJ대한통운\n운송장번호: 601234567890\n배송조회: https://trace.cjlogistics.com/next/tracking.html?wblNo=601234567890',
  ],
  [
    'pickedUp',
    { shop: '파츠몰', orderNo: '20261121-0046', place: '한국 김포물류센터 (방문수령)' },
    '[파츠몰] 주문하신 상품을 수령 장소에서 전달해 드렸습니다.\n\n주문번호: 20261121-0046\n수령 장소: 한국 김포물류센터 (방문수령)',
  ],
  [
    'sellerCancelled',
    { shop: '파츠몰', orderNo: '20261121-0043', refundAmount: 1_234_567 },
    '[파츠몰] 주문이 판매자 사정으로 취소되었습니다.\n\n주문번호: 20261121-0043\n환불금액: 1,234,567원\n\n환불금액은 캐시로 돌려 드렸습니다. 불편을 드려 죄송합니다.',
  ],
  [
    'returnApproved',
    { shop: '파츠몰', orderNo: '20261121-0044', note: '회수 기사가 내일 방문합니다.' },
    '[파츠몰] 반품 요청이 승인되었습니다.\n\n주문번호: 20261121-0044\n안내: 회수 기사가 내일 방문합니다.',
  ],
  [
    'returnOnHold',
    { shop: '파츠몰', orderNo: '20261121-0045', note: '포장 훼손 사진이 필요합니다.' },
    '[파츠몰] 반품 요청이 보류되었습니다.\n\n주문번호: 20261121-0045\n사유: 포장 훼손 사진이 필요합니다.\n\n자세한 내용은 상담 채팅으로 문의하세요.',
  ],
  [
    'cashCredited',
    { shop: '파츠몰', amount: 500_000, balance: 812_300, creditedAt: '2026-11-20T23:59:00Z' },
    '[파츠몰] 캐시가 충전되었습니다.\n\n충전금액: 500,000원\n충전 후 잔액: 812,300원\n충전일시: 2026.11.21 08:59',
  ],
  [
    'bankTransferWaiting',
    {
      shop: '파츠몰',
      bank: '국민은행',
      account: '123456-01-234567',
      amount: 300_000,
      dueAt: new Date('2026-11-23T14:59:00Z'),
    },
    '[파츠몰] 입금을 기다리고 있습니다.\n\n은행: 국민은행\n계좌번호: 123456-01-234567\n입금금액: 300,000원\n입금기한: 2026.11.23 23:59\n\n기한까지 입금하지 않으면 신청이 취소됩니다.',
  ],
  [
    'licenceEnding',
    { shop: '파츠몰', endDate: new Date('2026-11-24T14:59:59Z') },
    '[파츠몰] 이용권이 3일 후 만료됩니다.\n\n만료일: 2026.11.24\n\n계속 이용하시려면 만료 전에 이용권을 연장하세요.',
  ],
  [
    'restock',
    { shop: '파츠몰', partNo: '34116860016', product: 'BMW 프론트 브레이크 패드' },
    '[파츠몰] 요청하신 상품이 재입고되었습니다.\n\n품번: 34116860016\n상품: BMW 프론트 브레이크 패드\n\n재고가 빨리 소진될 수 있습니다.',
  ],
  [
    'chatReply',
    { shop: '파츠몰', preview: '문의하신 부품은 내일 입고됩니다.' },
    '[파츠몰] 상담 채팅에 답변이 도착했습니다.\n\n문의하신 부품은 내일 입고됩니다.\n\n쇼핑몰에 접속해 확인하세요.',
  ],
  [
    'creditStatement',
    { shop: '파츠몰', statement: '2026년 10월 명세서', amount: 1_100_000, closing: 1_350_000, dueDate: '2026-11-10' },
    '[파츠몰] 2026년 10월 명세서가 발행되었습니다.\n\n청구금액: 1,100,000원\n기말 잔액: 1,350,000원\n결제기한: 2026.11.10\n\n쇼핑몰의 명세서 화면에서 확인하고 결제하세요.',
  ],
  [
    'creditReminder',
    {
      shop: '파츠몰',
      statement: '2026년 10월 명세서',
      amount: 250_000,
      dueDate: '2026-11-10',
      note: '결제기한이 3일 남았습니다.',
    },
    '[파츠몰] 2026년 10월 명세서 결제 안내\n\n미결제 금액: 250,000원\n결제기한: 2026.11.10\n결제기한이 3일 남았습니다.',
  ],
  [
    'statementAccount',
    {
      shop: '파츠몰',
      month: '2026년 10월',
      amount: 1_250_000,
      bank: '신한은행',
      account: 'X6505636518308',
      holder: '한빛모터스',
      dueAt: new Date('2026-11-30T14:59:59Z'),
    },
    '[파츠몰] 2026년 10월 외상 명세서의 입금 계좌를 알려 드립니다.\n\n입금금액: 1,250,000원\n은행: 신한은행\n계좌번호: X6505636518308\n예금주: 한빛모터스\n입금기한: 2026.11.30 23:59\n\n이 계좌로 입금하시면 명세서에 바로 반영됩니다.',
  ],
];

describe('알림톡 templates', () => {
  it('has a case here for every template', () => {
    expect(CASES.map((c) => c[0]).sort()).toEqual(Object.keys(NOTIFY_TEMPLATES).sort());
  });

  it.each(CASES)('%s renders with its variables', (event, values, text) => {
    const out = renderNotice(event, values);
    expect(out.text).toBe(text);
    expect(out.text).not.toMatch(/#\{/);
    // Kakao's limit for an 알림톡 text.
    expect(out.text.length).toBeLessThanOrEqual(1000);
    expect(Object.keys(out.variables).sort()).toEqual(
      Object.keys(NOTIFY_TEMPLATES[event].vars)
        .map((v) => `#{${v}}`)
        .sort(),
    );
  });

  it("a seller cancel of a 외상 order says the amount came off the receivables; a job without the words reads as cash's", () => {
    const credit = REFUND_WORDS.credit;
    const values = { shop: '파츠몰', orderNo: '70', refundAmount: 116_700 };
    expect(
      renderNotice('sellerCancelled', { ...values, refundLabel: credit.label, refundNote: credit.cancelled }).text,
    ).toBe(
      '[파츠몰] 주문이 판매자 사정으로 취소되었습니다.\n\n주문번호: 70\n차감금액: 116,700원\n\n주문 금액은 청구하지 않으며, 외상 미수금에서 차감되었습니다. 불편을 드려 죄송합니다.',
    );
    expect(renderNotice('sellerCancelled', values).variables).toMatchObject({
      '#{refundLabel}': '환불금액',
      '#{refundNote}': '환불금액은 캐시로 돌려 드렸습니다.',
    });
    expect(credit.returned(116_700)).toBe('반품 금액 116,700원은 청구하지 않으며, 외상 미수금에서 차감되었습니다.');
  });

  it("staff's 출고취소 is told as a cancel before shipment, in the seller cancel's template; a job without the title reads as a seller cancel", () => {
    const values = { shop: '파츠몰', orderNo: '71', refundAmount: 18_000 };
    const credit = REFUND_WORDS.credit;
    expect(renderNotice('sellerCancelled', { ...values, cancelTitle: CANCEL_TITLES.beforeShipment }).text).toBe(
      '[파츠몰] 주문이 출고 전에 취소되었습니다.\n\n주문번호: 71\n환불금액: 18,000원\n\n환불금액은 캐시로 돌려 드렸습니다. 불편을 드려 죄송합니다.',
    );
    expect(
      renderNotice('sellerCancelled', {
        ...values,
        cancelTitle: CANCEL_TITLES.beforeShipment,
        refundLabel: credit.label,
        refundNote: credit.cancelled,
      }).text,
    ).toBe(
      '[파츠몰] 주문이 출고 전에 취소되었습니다.\n\n주문번호: 71\n차감금액: 18,000원\n\n주문 금액은 청구하지 않으며, 외상 미수금에서 차감되었습니다. 불편을 드려 죄송합니다.',
    );
    expect(renderNotice('sellerCancelled', values).variables['#{cancelTitle}']).toBe(
      '주문이 판매자 사정으로 취소되었습니다.',
    );
    expect(CANCEL_TITLES.seller).toBe('주문이 판매자 사정으로 취소되었습니다.');
  });

  it('gives the formatted variables as Solapi takes them', () => {
    const out = renderNotice('cashCredited', { shop: '파츠몰', amount: 1000, balance: 0, creditedAt: at });
    expect(out.variables).toEqual({
      '#{shop}': '파츠몰',
      '#{amount}': '1,000원',
      '#{balance}': '0원',
      '#{creditedAt}': '2026.11.21 14:05',
    });
  });

  it('refuses missing and blank variables, naming them', () => {
    let error: unknown;
    try {
      renderNotice('shipped', { shop: '파츠몰', orderNo: '1', carrier: '  ', waybill: null });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TemplateVariableError);
    expect((error as TemplateVariableError).event).toBe('shipped');
    expect((error as TemplateVariableError).missing).toEqual(['carrier', 'waybill', 'trackingLink']);
    expect((error as TemplateVariableError).invalid).toEqual([]);
  });

  it('refuses values of the wrong kind', () => {
    const bad = () =>
      renderNotice('orderPaid', { shop: '파츠몰', orderNo: '1', items: 'x', amount: 12.5, paidAt: 'yesterday' });
    expect(bad).toThrow(TemplateVariableError);
    try {
      bad();
    } catch (e) {
      expect((e as TemplateVariableError).invalid).toEqual(['amount', 'paidAt']);
    }
    expect(() =>
      renderNotice('orderPaid', { shop: '파츠몰', orderNo: '1', items: 'x', amount: '12300', paidAt: at }),
    ).toThrow(TemplateVariableError);
  });

  it('does not substitute a placeholder written inside a value', () => {
    const out = renderNotice('chatReply', { shop: '파츠몰', preview: '#{shop} 그대로' });
    expect(out.text).toContain('\n\n#{shop} 그대로\n\n');
  });

  it('refuses an event it does not know', () => {
    expect(() => renderNotice('nope' as NotifyEvent, {})).toThrow(TemplateVariableError);
  });
});
