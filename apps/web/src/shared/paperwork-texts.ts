/**
 * The texts of the paperwork screens (docs/requirements.md#paperwork-screens): 거래명세서 buttons, 월간
 * 거래명세서, 캐시 원장, 세금계산서 and the company's invoice fields. The labels of statuses and kinds
 * come from the contract (LEDGER_TYPE_LABELS, TAX_INVOICE_STATUS_LABELS).
 */
export const PW = {
  statement: {
    button: '거래명세서',
    busy: '준비 중…',
    hint: '거래명세서 PDF를 새 창에서 엽니다.',
  },
  monthly: {
    title: '월간 거래명세서',
    intro: '기간 안의 주문을 한 장의 거래명세서(PDF)로 발급합니다. 기간은 1년 이내로 지정하세요.',
    start: '시작일',
    end: '종료일',
    lastMonth: '지난달',
    thisMonth: '이번 달',
    submit: 'PDF 발급',
    busy: '발급 중…',
  },
  ledger: {
    title: '캐시 원장',
    intro: '캐시 충전, 주문 결제, 환불과 관리자 조정까지 회사 캐시의 모든 입출금 내역입니다.',
    balance: '현재 잔액',
    csv: 'CSV 내려받기',
    pdf: 'PDF 내려받기',
    busy: '준비 중…',
    empty: '기간 안의 캐시 내역이 없습니다.',
    cols: {
      date: '일시',
      kind: '구분',
      ref: '주문·결제',
      note: '내용',
      amount: '금액(원)',
      after: '잔액(원)',
    },
    order: (seq: number) => `주문 ${seq}`,
    payment: (seq: number) => `결제 ${seq}`,
    afterLine: (balance: string) => `잔액 ${balance}`,
  },
  invoices: {
    title: '세금계산서',
    intro: '회사에 발행된 전자세금계산서입니다. 발행 방식(주문별·월합계)은 회사 정보에서 바꿀 수 있습니다.',
    empty: '기간 안의 세금계산서가 없습니다.',
    cols: {
      date: '작성일자',
      kind: '종류',
      target: '주문·기간',
      supply: '공급가액',
      tax: '세액',
      total: '합계',
      status: '상태',
      nts: '국세청 승인번호',
    },
    order: (seq: number) => `주문 ${seq}`,
    month: (month: string, orders: number) => `${month.replace('-', '년 ')}월 (주문 ${orders}건)`,
    orders: (seqs: number[]) => (seqs.length ? `주문 ${seqs.join(', ')}` : '-'),
    reason: '실패 사유',
    onOrder: '세금계산서',
    issuedAt: (at: string) => `${at} 발행`,
    /** A 수정세금계산서 on its order, its (negative) amount written as the money columns write it. */
    correction: (amount: string) => `수정세금계산서 ${amount}`,
  },
  company: {
    invoiceTitle: '세금계산서 정보',
    invoiceIntro: '전자세금계산서 발행에 필요한 정보입니다. 업태·종목·메일이 없으면 발행하지 못합니다.',
    bizType: '업태',
    bizTypeHint: '예: 도소매, 서비스',
    bizItem: '종목',
    bizItemHint: '예: 자동차 부품, 자동차 정비',
    invoiceMail: '세금계산서 받을 메일',
    invoiceMode: '발행 방식',
    modeHints: {
      order: '출고될 때마다 주문마다 한 장',
      monthly: '매월 1일, 지난달 출고분을 한 장으로 (10일 이내)',
    },
    readOnly: '회사 정보는 대표계정만 바꿀 수 있습니다.',
    none: '-',
  },
} as const;
