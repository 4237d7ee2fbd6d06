/**
 * The 알림톡 texts the shop sends, one per event, with their variables (`#{name}`, the placeholder form
 * Kakao templates and Solapi's `variables` use). The template codes a shop registers with Kakao are
 * configuration; the texts here must match what was registered, word for word, or Kakao refuses the
 * message (the SMS fallback then carries the same text).
 */
import { formatWon } from './rules.js';
import { formatSeoulDate, formatSeoulDateTime } from './seoul-time.js';
import type { PayWith } from './orders-pay-with.js';

/** How a variable's value is written: money as '12,300원', instants as '2026.11.21 14:05' Asia/Seoul. */
export type NotifyVarKind = 'text' | 'won' | 'date' | 'dateTime';

export type NotifyEvent =
  | 'orderPaid'
  | 'shipmentConfirmed'
  | 'shipped'
  | 'pickedUp'
  | 'sellerCancelled'
  | 'returnApproved'
  | 'returnOnHold'
  | 'cashCredited'
  | 'bankTransferWaiting'
  | 'licenceEnding'
  | 'restock'
  | 'chatReply'
  | 'creditStatement'
  | 'creditReminder'
  | 'statementAccount';

export interface NotifyTemplate {
  /** Shown in the back office and the member area's '알림 설정'. */
  label: string;
  text: string;
  vars: Readonly<Record<string, NotifyVarKind>>;
  /**
   * Values a job may leave out: a variable added to a template later, whose default keeps the words
   * it had, so a job written before still renders them.
   */
  defaults?: Readonly<Record<string, string>>;
}

/**
 * Where the money of a cancel or return went, in its 알림톡's words (docs/requirements.md#credit-checkout):
 * a cash order's back to cash; a 외상 order was never paid, so its amount comes off the receivables and
 * nothing is refunded, as its order detail and cancel answer say.
 */
export const REFUND_WORDS: Readonly<
  Record<PayWith, { label: string; cancelled: string; returned: (amount: number) => string }>
> = {
  cash: {
    label: '환불금액',
    cancelled: '환불금액은 캐시로 돌려 드렸습니다.',
    returned: (amount) => `환불금액 ${formatWon(amount)}을 캐시로 돌려 드렸습니다.`,
  },
  credit: {
    label: '차감금액',
    cancelled: '주문 금액은 청구하지 않으며, 외상 미수금에서 차감되었습니다.',
    returned: (amount) => `반품 금액 ${formatWon(amount)}은 청구하지 않으며, 외상 미수금에서 차감되었습니다.`,
  },
};

/**
 * The first line of a cancel's 알림톡 (`sellerCancelled`) by the move staff made
 * (docs/requirements.md#notifications): 판매자취소 (8), or 출고취소 (3) of a 구매요청 order.
 */
export const CANCEL_TITLES = {
  seller: '주문이 판매자 사정으로 취소되었습니다.',
  beforeShipment: '주문이 출고 전에 취소되었습니다.',
} as const;

export const NOTIFY_TEMPLATES: Readonly<Record<NotifyEvent, NotifyTemplate>> = {
  orderPaid: {
    label: '주문 결제 완료',
    text: '[#{shop}] 주문이 결제되었습니다.\n\n주문번호: #{orderNo}\n상품: #{items}\n결제금액: #{amount}\n결제일시: #{paidAt}\n\n출고가 확정되면 다시 알려 드리겠습니다.',
    vars: { shop: 'text', orderNo: 'text', items: 'text', amount: 'won', paidAt: 'dateTime' },
  },
  shipmentConfirmed: {
    label: '출고 확정',
    text: '[#{shop}] 주문하신 상품의 출고가 확정되었습니다.\n\n주문번호: #{orderNo}\n상품: #{items}\n\n발송되면 운송장 번호를 알려 드리겠습니다.',
    vars: { shop: 'text', orderNo: 'text', items: 'text' },
  },
  shipped: {
    label: '발송 완료',
    text: '[#{shop}] 주문하신 상품이 발송되었습니다.\n\n주문번호: #{orderNo}\n택배사: #{carrier}\n운송장번호: #{waybill}\n배송조회: #{trackingLink}',
    vars: { shop: 'text', orderNo: 'text', carrier: 'text', waybill: 'text', trackingLink: 'text' },
  },
  // A 방문수령 order's 출고완료: handed over at its warehouse, no parcel (docs/requirements.md#shipping-and-tracking).
  pickedUp: {
    label: '방문수령 전달 완료',
    text: '[#{shop}] 주문하신 상품을 수령 장소에서 전달해 드렸습니다.\n\n주문번호: #{orderNo}\n수령 장소: #{place}',
    vars: { shop: 'text', orderNo: 'text', place: 'text' },
  },
  sellerCancelled: {
    label: '판매자 주문 취소',
    text: '[#{shop}] #{cancelTitle}\n\n주문번호: #{orderNo}\n#{refundLabel}: #{refundAmount}\n\n#{refundNote} 불편을 드려 죄송합니다.',
    vars: {
      shop: 'text',
      cancelTitle: 'text',
      orderNo: 'text',
      refundLabel: 'text',
      refundAmount: 'won',
      refundNote: 'text',
    },
    // A job written before the 외상 words (cash orders only then), or before staff's 출고취소 was told, reads as it did.
    defaults: {
      cancelTitle: CANCEL_TITLES.seller,
      refundLabel: REFUND_WORDS.cash.label,
      refundNote: REFUND_WORDS.cash.cancelled,
    },
  },
  returnApproved: {
    label: '반품 승인',
    text: '[#{shop}] 반품 요청이 승인되었습니다.\n\n주문번호: #{orderNo}\n안내: #{note}',
    vars: { shop: 'text', orderNo: 'text', note: 'text' },
  },
  returnOnHold: {
    label: '반품 보류',
    text: '[#{shop}] 반품 요청이 보류되었습니다.\n\n주문번호: #{orderNo}\n사유: #{note}\n\n자세한 내용은 상담 채팅으로 문의하세요.',
    vars: { shop: 'text', orderNo: 'text', note: 'text' },
  },
  cashCredited: {
    label: '캐시 충전 완료',
    text: '[#{shop}] 캐시가 충전되었습니다.\n\n충전금액: #{amount}\n충전 후 잔액: #{balance}\n충전일시: #{creditedAt}',
    vars: { shop: 'text', amount: 'won', balance: 'won', creditedAt: 'dateTime' },
  },
  bankTransferWaiting: {
    label: '무통장 입금 대기',
    text: '[#{shop}] 입금을 기다리고 있습니다.\n\n은행: #{bank}\n계좌번호: #{account}\n입금금액: #{amount}\n입금기한: #{dueAt}\n\n기한까지 입금하지 않으면 신청이 취소됩니다.',
    vars: { shop: 'text', bank: 'text', account: 'text', amount: 'won', dueAt: 'dateTime' },
  },
  licenceEnding: {
    label: '이용권 만료 3일 전',
    text: '[#{shop}] 이용권이 3일 후 만료됩니다.\n\n만료일: #{endDate}\n\n계속 이용하시려면 만료 전에 이용권을 연장하세요.',
    vars: { shop: 'text', endDate: 'date' },
  },
  restock: {
    label: '재입고 알림',
    text: '[#{shop}] 요청하신 상품이 재입고되었습니다.\n\n품번: #{partNo}\n상품: #{product}\n\n재고가 빨리 소진될 수 있습니다.',
    vars: { shop: 'text', partNo: 'text', product: 'text' },
  },
  chatReply: {
    label: '상담 답변 도착',
    text: '[#{shop}] 상담 채팅에 답변이 도착했습니다.\n\n#{preview}\n\n쇼핑몰에 접속해 확인하세요.',
    vars: { shop: 'text', preview: 'text' },
  },
  creditStatement: {
    label: '외상 명세서 발행',
    text: '[#{shop}] #{statement}가 발행되었습니다.\n\n청구금액: #{amount}\n기말 잔액: #{closing}\n결제기한: #{dueDate}\n\n쇼핑몰의 명세서 화면에서 확인하고 결제하세요.',
    vars: { shop: 'text', statement: 'text', amount: 'won', closing: 'won', dueDate: 'date' },
  },
  creditReminder: {
    label: '외상 결제 기한 안내',
    text: '[#{shop}] #{statement} 결제 안내\n\n미결제 금액: #{amount}\n결제기한: #{dueDate}\n#{note}',
    vars: { shop: 'text', statement: 'text', amount: 'won', dueDate: 'date', note: 'text' },
  },
  statementAccount: {
    label: '외상 명세서 입금 계좌',
    text: '[#{shop}] #{month} 외상 명세서의 입금 계좌를 알려 드립니다.\n\n입금금액: #{amount}\n은행: #{bank}\n계좌번호: #{account}\n예금주: #{holder}\n입금기한: #{dueAt}\n\n이 계좌로 입금하시면 명세서에 바로 반영됩니다.',
    vars: {
      shop: 'text',
      month: 'text',
      amount: 'won',
      bank: 'text',
      account: 'text',
      holder: 'text',
      dueAt: 'dateTime',
    },
  },
};

export type NotifyValue = string | number | Date;

/** A template was rendered without a value it needs, or with one of the wrong kind. Nothing is sent. */
export class TemplateVariableError extends Error {
  override readonly name = 'TemplateVariableError';
  constructor(
    readonly event: string,
    readonly missing: readonly string[],
    readonly invalid: readonly string[],
  ) {
    super(
      `알림 템플릿 ${event}: ${[...missing.map((v) => `${v} 없음`), ...invalid.map((v) => `${v} 형식 오류`)].join(', ')}`,
    );
  }
}

export interface RenderedNotice {
  event: NotifyEvent;
  text: string;
  /** As Solapi's `kakaoOptions.variables` takes them: `{ '#{orderNo}': 'A-1' }`, formatted. */
  variables: Record<string, string>;
}

function formatValue(kind: NotifyVarKind, value: NotifyValue): string | null {
  switch (kind) {
    case 'won':
      return typeof value === 'number' && Number.isSafeInteger(value) ? formatWon(value) : null;
    case 'date':
    case 'dateTime': {
      if (!(value instanceof Date) && typeof value !== 'string') return null;
      const out = kind === 'date' ? formatSeoulDate(value) : formatSeoulDateTime(value);
      return out || null;
    }
    case 'text': {
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
      return text ? text : null;
    }
  }
}

/**
 * The text of `event` with its variables filled in. Refuses (TemplateVariableError) a missing or blank
 * variable and a value of the wrong kind (money not an integer, a date that is not one), so a message
 * never goes out with '#{amount}' or 'NaN원' in it.
 */
export function renderNotice(
  event: NotifyEvent,
  values: Readonly<Record<string, NotifyValue | null | undefined>>,
): RenderedNotice {
  const template = NOTIFY_TEMPLATES[event];
  if (!template) throw new TemplateVariableError(String(event), [], ['event']);
  const missing: string[] = [];
  const invalid: string[] = [];
  const variables: Record<string, string> = {};
  for (const [name, kind] of Object.entries(template.vars)) {
    const value = values[name] ?? template.defaults?.[name];
    if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
      missing.push(name);
      continue;
    }
    const formatted = formatValue(kind, value);
    if (formatted === null) invalid.push(name);
    else variables[`#{${name}}`] = formatted;
  }
  if (missing.length || invalid.length) throw new TemplateVariableError(event, missing, invalid);
  const text = template.text.replace(/#\{(\w+)\}/g, (whole) => variables[whole] ?? whole);
  return { event, text, variables };
}
