/**
 * Made-up statements of believable size and content, for the benchmark (npm run bench -- statement),
 * the tests and a look at the layout. Deterministic: the same call gives the same document.
 */
import type { CreditStatementPdfInput } from './credit-statement.js';
import type { MonthlyStatementInput, OrderStatementInput, StatementOrder, StatementParty } from './statement-data.js';

export const SAMPLE_SUPPLIER: StatementParty = {
  company: '파츠몰 주식회사',
  registrationNumber: '2148812345',
  representative: '홍길동',
  address: '서울특별시 강남구 테헤란로 123, 파츠빌딩 5층',
  phone: '0212345678',
};

export const SAMPLE_BUYER: StatementParty = {
  company: '한빛모터스 정비공업사',
  registrationNumber: '1248100998',
  representative: '김정비',
  address: '경기도 성남시 분당구 판교역로 235, 에이치스퀘어 N동 101호',
  phone: '0317778888',
};

/** An unpaid 외상 statement of October 2026: one shipped order of 30,000원, due 2026-11-10. */
export const SAMPLE_CREDIT_STATEMENT: CreditStatementPdfInput = {
  supplier: SAMPLE_SUPPLIER,
  buyer: SAMPLE_BUYER,
  title: '2026년 10월 명세서',
  month: '2026-10',
  opening: 0,
  charges: 30_000,
  credits: 0,
  payments: 0,
  adjustments: 0,
  closing: 30_000,
  amountDue: 30_000,
  paid: 0,
  refunded: 0,
  dueDate: '2026-11-10',
  termLabel: '월말 마감 익월 10일',
  statusLabel: '미결제',
  virtualAccount: null,
  lines: [{ date: '2026-10-14', kindLabel: '출고', orderSeq: 12, description: '주문 #12 출고', amount: 30_000 }],
  issuedAt: new Date('2026-11-01T00:10:00+09:00'),
};

const PARTS: [string, string, number][] = [
  ['34116860016', 'BMW 프론트 브레이크 패드 세트 (G30 5시리즈)', 128_700],
  ['A0004202904', '벤츠 리어 브레이크 디스크 (W213 E클래스)', 243_100],
  ['06L115562B', '아우디 엔진오일 필터 엘리먼트', 18_700],
  ['11428575211', 'BMW 오일 필터 키트', 22_000],
  ['A2769060060', '벤츠 점화코일 (M276 엔진)', 96_800],
  ['5Q0615301H', '폭스바겐 프론트 디스크 로터 340mm', 187_000],
  ['64119237555', 'BMW 에어컨 캐빈 필터 (활성탄)', 41_800],
  ['A2058350147', '벤츠 실내 에어 필터 세트', 52_800],
  ['17137642160', 'BMW 냉각수 익스팬션 탱크', 115_500],
  ['8W0807065', '아우디 A4 프론트 범퍼 커버 (무도장)', 583_000],
];

/** An order of `lines` lines (distinct quantities and prices), with shipping and job references. */
export function sampleOrder(lines: number, seq = 1, day = 21): StatementOrder {
  return {
    orderNo: `202611${String(day).padStart(2, '0')}-${String(seq).padStart(4, '0')}`,
    orderedAt: new Date(Date.UTC(2026, 10, day, 1 + (seq % 8), (seq * 7) % 60)),
    lines: Array.from({ length: lines }, (_, i) => {
      const [partNo, name, price] = PARTS[(i + seq) % PARTS.length]!;
      return { partNo, name, quantity: 1 + ((i * 3 + seq) % 7), unitPrice: price + ((i * 1_100) % 5_500) };
    }),
    shipping: seq % 3 === 0 ? 0 : 6_000,
    jobRefs: seq % 2 ? [`WBA5R1C50KA${String(100_000 + seq).slice(-6)}`, `작업지시 RO-${2600 + seq}`] : [],
  };
}

export function sampleOrderStatement(lines = 50): OrderStatementInput {
  return {
    supplier: SAMPLE_SUPPLIER,
    buyer: SAMPLE_BUYER,
    order: sampleOrder(lines),
    issuedAt: new Date('2026-11-21T06:30:00Z'),
  };
}

/** A month of `orders` orders with `lines` lines in all (spread evenly). */
export function sampleMonthlyStatement(lines = 1_000, orders = 100): MonthlyStatementInput {
  const per = Math.ceil(lines / orders);
  return {
    supplier: SAMPLE_SUPPLIER,
    buyer: SAMPLE_BUYER,
    from: '2026-11-01',
    to: '2026-11-30',
    orders: Array.from({ length: orders }, (_, i) =>
      sampleOrder(Math.min(per, lines - i * per), i + 1, 1 + (i % 30)),
    ).filter((o) => o.lines.length),
    issuedAt: new Date('2026-12-01T00:10:00Z'),
  };
}
