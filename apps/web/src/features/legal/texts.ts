import {
  RETENTION,
  LICENSE_PACKAGES,
  MAX_VIN_SEARCHES_PER_DAY,
  formatWon,
  hyphenatePhone,
  type MallBottom,
} from '@partsmall/contract';

/**
 * The shop's legal texts (docs/requirements.md#limits): terms of use and privacy policy. The figures of
 * those terms live in LEGAL_TERMS; the operator's name, customer service number, privacy officer
 * and mail come from the shop configuration (mallBottom), so a new operator changes no code.
 */

export const LEGAL_TERMS = {
  /** Business hours given in legal text (docs/requirements.md#limits). */
  businessHours: '평일 09:30~17:30 (주말 및 공휴일 휴무)',
  refundDays: 3,
  returnRequestDays: 20,
  recordsYears: '3년~5년',
  cardCancelDays: 180,
  cashRefundFeePercent: 3,
  deliveryDays: '3~7일',
  effective: '2026년 1월 1일',
} as const;

export interface LegalArticle {
  title: string;
  paragraphs?: string[];
  /** Numbered clauses (①, ②, …). */
  items?: string[];
  /** A small table: first row is the header. */
  table?: string[][];
}

export interface LegalDocument {
  title: string;
  intro: string;
  articles: LegalArticle[];
  closing: string[];
}

/** What the texts need from the shop configuration; fallbacks keep them readable while it loads. */
export interface ShopFacts {
  operator: string;
  phone: string;
  mail: string;
  privacyOfficer: string;
  address: string;
}

export function shopFacts(bottom: MallBottom | undefined | null): ShopFacts {
  return {
    operator: bottom?.companyName || '회사',
    phone: bottom?.phone ? hyphenatePhone(bottom.phone) || bottom.phone : '고객센터 대표번호',
    mail: bottom?.mail || '고객센터 메일',
    privacyOfficer: bottom?.privacyOfficer || '개인정보 보호책임자',
    address: bottom?.address || '',
  };
}

const licenseList = LICENSE_PACKAGES.map((p) => `${p.content} ${formatWon(p.price)}`).join(', ');

/**
 * The terms of use, article by article: a table of texts, in their order. The two articles that give
 * the customer service number take it from the shop's facts, so they are written as functions of them.
 */
const POLICY_ARTICLES: readonly (LegalArticle | ((f: ShopFacts) => LegalArticle))[] = [
  {
    title: '제1조 (목적)',
    paragraphs: [
      `이 약관은 회사가 운영하는 파츠몰(이하 "몰")에서 제공하는 수입차 부품 판매, 전자부품카탈로그(EPC) 조회 및 관련 서비스(이하 "서비스")를 이용할 때 회사와 회원 사이의 권리, 의무 및 책임 사항을 정하는 것을 목적으로 합니다.`,
    ],
  },
  {
    title: '제2조 (정의)',
    items: [
      '"회원"이란 사업자등록번호로 가입한 사업자(이하 "회원사")와 그 회원사에 소속된 계정을 말합니다.',
      '"대표 계정"은 회원사가 처음 가입할 때 만든 계정을, "부계정"은 회원사의 보안번호로 추가 가입한 직원 계정을 말합니다.',
      '"보안번호"란 대표 계정이 발급하고 변경하는 6자리 숫자로, 부계정 가입에 쓰입니다.',
      '"캐시"란 회원사가 상품 구매와 라이선스 구매에 쓰기 위해 미리 충전한 선불 금액(원)을 말합니다.',
      '"라이선스"란 전자부품카탈로그에서 차대번호(VIN)를 조회할 수 있는 일 단위 이용권을 말합니다.',
    ],
  },
  {
    title: '제3조 (약관의 게시와 개정)',
    items: [
      '회사는 이 약관을 몰의 초기 화면 하단과 회원가입 화면에 게시합니다.',
      '회사는 관련 법령을 어기지 않는 범위에서 약관을 개정할 수 있으며, 개정 내용과 적용일을 적용일 7일 전부터 공지합니다. 회원에게 불리한 개정은 30일 전부터 공지합니다.',
      '회원이 개정 약관의 적용일 이후에도 서비스를 계속 이용하면 개정 약관에 동의한 것으로 봅니다.',
    ],
  },
  {
    title: '제4조 (회원가입)',
    items: [
      '회원가입은 사업자등록번호 확인, 휴대폰 인증, 이 약관과 개인정보 처리방침 동의, 가입 정보 입력의 순서로 진행합니다.',
      '이미 가입된 사업자등록번호로는 대표 계정을 다시 만들 수 없으며, 소속 직원은 대표 계정에서 받은 보안번호로 부계정에 가입합니다.',
      '타인의 사업자등록번호나 휴대폰 번호를 도용하거나 거짓 정보를 입력한 경우 회사는 가입을 거절하거나 이용을 중지할 수 있습니다.',
    ],
  },
  {
    title: '제5조 (회원 탈퇴 및 자격 상실)',
    items: [
      '회원은 언제든지 마이페이지 또는 고객센터를 통해 탈퇴를 요청할 수 있으며, 회사는 지체 없이 처리합니다.',
      '탈퇴한 회원은 캐시를 이용한 구매와 캐시 환불을 이용할 수 없습니다. 남은 캐시가 있으면 탈퇴 전에 환불을 먼저 신청해 주세요.',
      '회원이 대금 결제를 부정하게 하거나 다른 회원의 이용을 방해하는 등 법령이나 이 약관을 어긴 경우 회사는 자격을 제한하거나 상실시킬 수 있습니다.',
    ],
  },
  (f) => ({
    title: '제6조 (서비스 이용 시간과 고객센터)',
    items: [
      '몰은 연중무휴 24시간 이용할 수 있습니다. 다만 시스템 점검 등으로 일시 중단될 수 있으며, 이 경우 미리 공지합니다.',
      `주문 처리, 출고, 환불 등 업무 처리 시간은 ${LEGAL_TERMS.businessHours}입니다. 휴무일에 접수된 요청은 다음 영업일에 처리합니다.`,
      `고객센터: ${f.phone} / 운영 시간: ${LEGAL_TERMS.businessHours}`,
    ],
  }),
  {
    title: '제7조 (구매 신청과 결제)',
    items: [
      '상품 가격은 로그인한 회원에게만 표시되며, 회원사 등급(티타늄, 골드, 실버, 브론즈)에 따라 다를 수 있습니다. 표시 가격은 부가가치세 10%를 포함합니다.',
      '대금은 회원사의 캐시로 결제합니다. 캐시 잔액이 주문 금액과 배송비의 합계보다 적으면 주문할 수 없습니다.',
      '한 주문에는 같은 출고 창고의 상품만 담을 수 있습니다.',
    ],
  },
  {
    title: '제8조 (캐시 충전, 결제 취소와 환불)',
    items: [
      `신용카드로 충전한 캐시의 결제 취소는 결제일로부터 ${LEGAL_TERMS.cardCancelDays}일 이내에 신청할 수 있습니다.`,
      '계좌이체 등 온라인 거래로 충전한 캐시의 결제 취소는 결제한 당일에 한하여 가능합니다.',
      `사용하지 않은 캐시를 현금으로 환불받는 경우 환불 금액의 ${LEGAL_TERMS.cashRefundFeePercent}%를 수수료로 공제합니다.`,
      `환불은 신청을 확인한 날부터 ${LEGAL_TERMS.refundDays}영업일 이내에 회원사 명의 계좌로 지급합니다.`,
    ],
  },
  {
    title: '제9조 (배송)',
    items: [
      `상품은 결제 후 ${LEGAL_TERMS.deliveryDays} 안에 배송되며, 주말과 공휴일에는 배송하지 않습니다.`,
      '배송 방법은 화물, 택배, 퀵서비스, 방문 수령 중에서 고를 수 있습니다. 선불 배송비는 6,000원이며 착불과 방문 수령은 배송비를 받지 않습니다.',
      '"중국" 표시 상품은 해외 직수입 상품으로, 통관과 현지 사정에 따라 배송이 늦어질 수 있습니다.',
    ],
  },
  {
    title: '제10조 (반품과 교환)',
    items: [
      `반품은 출고 완료일로부터 ${LEGAL_TERMS.returnRequestDays}일 이내에 마이페이지의 주문 내역에서 신청할 수 있습니다.`,
      '반품 사유는 초기 불량, 단순 변심, 상품 정보 상이, 배송 지연 중에서 고르며, 단순 변심에 따른 반품의 배송비는 회원이 부담합니다.',
      '"중국" 표시 상품은 해외 직수입 상품으로 판매자 귀책 사유가 아니면 반품할 수 없습니다.',
      '장착하였거나 포장을 훼손하여 재판매가 어려운 상품은 반품할 수 없습니다.',
      '반품이 승인되면 상품 대금(판매자 귀책인 경우 배송비 포함)을 캐시로 돌려드립니다.',
    ],
  },
  {
    title: '제11조 (라이선스)',
    items: [
      `라이선스 상품: ${licenseList}.`,
      '구매한 라이선스는 환불되지 않습니다.',
      '이용 기간 중에 다시 구매하면 남은 기간에 구매한 일수가 더해집니다.',
      `차대번호 조회는 회원사별로 하루 최대 ${MAX_VIN_SEARCHES_PER_DAY}회까지 가능합니다.`,
    ],
  },
  {
    title: '제12조 (회원의 의무)',
    items: [
      '회원은 계정과 비밀번호, 보안번호를 스스로 관리하며 제3자에게 알려 주거나 빌려주어서는 안 됩니다.',
      '회원은 가입 정보가 바뀐 경우 마이페이지에서 바로 수정해야 하며, 수정하지 않아 생긴 불이익은 회원이 부담합니다.',
      '회원은 몰에서 얻은 가격 정보와 카탈로그 자료를 회사의 동의 없이 복제, 배포하거나 영리 목적으로 이용할 수 없습니다.',
    ],
  },
  {
    title: '제13조 (거래 기록의 보존)',
    paragraphs: [
      `회사는 「전자상거래 등에서의 소비자보호에 관한 법률」 등 관계 법령에 따라 주문, 결제, 환불 등 거래 기록을 ${LEGAL_TERMS.recordsYears}간 보존합니다.`,
    ],
  },
  {
    title: '제14조 (회사의 면책)',
    items: [
      '회사는 천재지변, 통신 장애 등 불가항력으로 서비스를 제공할 수 없는 경우 책임을 지지 않습니다.',
      '전자부품카탈로그의 부품 정보는 참고용이며, 최종 장착 적합성은 회원이 확인해야 합니다.',
    ],
  },
  (f) => ({
    title: '제15조 (분쟁 해결과 관할 법원)',
    items: [
      `서비스 이용과 관련한 불만과 분쟁은 고객센터(${f.phone})에서 먼저 상담합니다.`,
      '회사와 회원 사이에 소송이 제기되는 경우 민사소송법에 따른 관할 법원을 제1심 법원으로 합니다.',
    ],
  }),
];

export function policyDocument(f: ShopFacts): LegalDocument {
  return {
    title: '이용약관',
    intro: `${f.operator}(이하 "회사")가 운영하는 수입차 부품 B2B 온라인 도매몰 파츠몰의 이용 조건을 정한 약관입니다. 회원가입 전에 반드시 읽어 주세요.`,
    articles: POLICY_ARTICLES.map((a) => (typeof a === 'function' ? a(f) : a)),
    closing: [`부칙: 이 약관은 ${LEGAL_TERMS.effective}부터 시행합니다.`],
  };
}

/**
 * The privacy policy, article by article: a table of texts, in their order. The two articles that give
 * the customer service's number and mail and the privacy officer take them from the shop's facts.
 */
const PRIVACY_ARTICLES: readonly (LegalArticle | ((f: ShopFacts) => LegalArticle))[] = [
  {
    title: '1. 수집하는 개인정보 항목',
    table: [
      ['구분', '항목'],
      ['회원가입 (필수)', '사업자등록번호, 상호, 사업 지역, 로그인 계정(메일 주소), 비밀번호, 휴대폰 번호'],
      ['부계정 가입', '보안번호, 이름(선택), 연락처(선택)'],
      [
        '회사 정보 등록',
        '대표자명, 사업장 주소, 전화번호, 팩스번호, 메일 주소, 업태·종목, 세금계산서 수신 메일, 세금계산서 발행 방식',
      ],
      [
        '주문 및 배송',
        '수령인·발송인 이름, 연락처, 우편번호, 주소, 화물 지점, 배송 메모, 작업번호·차량번호(차대번호 포함), 품목별 메모, 택배사와 송장번호',
      ],
      ['차량 조회', '조회한 차대번호(VIN)와 조회 일시, 등록한 내 차량의 차대번호와 이름'],
      ['알림 설정', '알림톡·문자를 받을 휴대폰 번호, 받을 알림의 종류'],
      ['외상 거래', '입금자명, 입금액과 입금 일시, 업체에 연결해 둔 입금자명'],
      ['상담', '채팅과 1:1 문의의 내용, 첨부한 사진'],
      ['자동 수집', '접속 IP 주소, 접속 일시, 서비스 이용 기록, 결제 기록'],
    ],
  },
  {
    title: '2. 개인정보의 수집·이용 목적',
    items: [
      '회원 식별, 가입 의사 확인, 휴대폰 인증과 부정 이용 방지',
      '상품 주문, 결제, 배송, 반품과 환불 처리, 캐시와 라이선스 관리',
      '채팅 상담과 1:1 문의 응대, 공지 사항 전달',
      '분쟁 조정을 위한 기록 보존과 법령상 의무 이행',
    ],
  },
  {
    title: '3. 보유 및 이용 기간',
    paragraphs: [
      '회원 탈퇴 시 개인정보는 지체 없이 파기합니다. 다만 관계 법령에 따라 보존해야 하는 정보는 아래 기간 동안 보관한 뒤 파기합니다.',
      '탈퇴하는 즉시 파기하는 정보: 회원의 이름, 휴대폰 번호, 연락처, 메일 주소, 로그인 계정과 비밀번호, 등록한 배송지, 장바구니, 관심상품, 재입고 알림 신청, 조회한 차량(VIN) 기록, 회사의 전화번호·팩스번호·메일 주소와 업체에 연결해 둔 입금자명(주계정 탈퇴 시), 그리고 주문에 적힌 수령인·발송인의 이름과 연락처, 상세 주소, 배송 메모, 작업번호.',
      '법령에 따라 보관하는 정보는 그 기록에 꼭 필요한 항목만 남깁니다. 주문·결제·입금·캐시 원장·세금계산서에는 상호, 사업자등록번호, 대표자명, 사업장 주소, 업태·종목, 세금계산서 메일, 배송지의 도로명 주소, 상품과 금액, 일시만 남고 회원 이름은 "탈퇴회원"으로 바뀝니다.',
      `상담 채팅은 소비자의 불만 또는 분쟁처리에 관한 기록으로 마지막 메시지로부터 ${RETENTION.disputeYears}년, 주문·결제 기록과 세금계산서는 작성일로부터 ${RETENTION.paymentYears}년 보관하며, 기간이 끝나면 매일 실행되는 파기 작업이 지웁니다. 모든 기록의 기간이 끝나면 회사의 상호와 사업자등록번호 등 남은 항목도 파기합니다.`,
    ],
    table: [
      ['보존 항목', '보존 기간', '근거 법령'],
      ['표시·광고에 관한 기록', `${RETENTION.advertisingMonths}개월`, '전자상거래법'],
      ['계약 또는 청약철회 등에 관한 기록', `${RETENTION.contractYears}년`, '전자상거래법'],
      ['대금결제 및 재화 등의 공급에 관한 기록', `${RETENTION.paymentYears}년`, '전자상거래법'],
      ['소비자의 불만 또는 분쟁처리에 관한 기록', `${RETENTION.disputeYears}년`, '전자상거래법'],
      ['웹사이트 방문 기록', `${RETENTION.accessMonths}개월`, '통신비밀보호법'],
    ],
  },
  {
    title: '4. 개인정보의 제3자 제공',
    paragraphs: [
      '회사는 회원의 개인정보를 제3자에게 제공하지 않습니다. 다만 주문한 상품을 배송하기 위하여 택배사, 화물 운송사, 퀵서비스 업체에 수령인 이름, 연락처, 주소를 제공하며, 법령에 특별한 규정이 있는 경우에는 예외로 합니다.',
    ],
  },
  {
    title: '5. 개인정보 처리의 위탁',
    table: [
      ['수탁 업체', '위탁 업무'],
      [
        '문자·알림톡 발송 대행사 (솔라피)',
        '휴대폰 인증번호 발송, 카카오 알림톡과 문자로 주문·입금·배송·재입고 알림 발송',
      ],
      ['전자세금계산서 발행 대행사 (팝빌)', '전자세금계산서 발행과 국세청 전송'],
      ['전자결제 대행사(PG) (토스페이먼츠)', '캐시 충전과 라이선스 구매 결제 처리'],
      ['배송 조회 서비스 (tracker.delivery)', '택배사와 송장번호로 배송 상태 조회'],
      ['택배·화물 운송사', '상품 배송'],
    ],
  },
  {
    title: '6. 개인정보의 파기 절차와 방법',
    items: [
      '보유 기간이 끝났거나 처리 목적을 이룬 개인정보는 지체 없이 파기합니다.',
      '파기는 매일 자동으로 실행되는 작업이 처리하며, 기간이 끝난 기록을 데이터베이스에서 삭제하고 상담 채팅의 첨부 사진 파일도 함께 지웁니다.',
      '전자 파일은 복구할 수 없는 방법으로 삭제하고, 종이 문서는 분쇄하거나 소각합니다.',
    ],
  },
  (f) => ({
    title: '7. 정보주체의 권리와 행사 방법',
    items: [
      '회원은 언제든지 자신의 개인정보를 열람, 정정, 삭제하거나 처리 정지를 요구할 수 있습니다.',
      `마이페이지에서 직접 처리하거나 고객센터(${f.phone}, ${f.mail})로 요청하면 지체 없이 조치합니다.`,
    ],
  }),
  {
    title: '8. 개인정보의 안전성 확보 조치',
    items: [
      '비밀번호는 복호화할 수 없는 방식으로 암호화하여 저장합니다.',
      '개인정보가 오가는 모든 구간은 암호화 통신(TLS)으로 보호합니다.',
      '개인정보를 다루는 직원을 최소한으로 지정하고 접근 권한과 접속 기록을 관리합니다.',
    ],
  },
  {
    title: '9. 브라우저 저장소의 사용',
    paragraphs: [
      '몰은 로그인 상태를 브라우저 탭마다 세션 저장소(sessionStorage)에 보관하며, 탭을 닫으면 삭제됩니다. 브라우저 설정에서 사이트 데이터 저장을 막으면 로그인할 수 없습니다.',
    ],
  },
  (f) => ({
    title: '10. 개인정보 보호책임자',
    items: [
      `개인정보 보호책임자: ${f.privacyOfficer}`,
      `연락처: ${f.phone} / ${f.mail}`,
      `업무 시간: ${LEGAL_TERMS.businessHours}`,
    ],
  }),
  {
    title: '11. 권익침해 구제 방법',
    items: [
      '개인정보분쟁조정위원회: 1833-6972 (www.kopico.go.kr)',
      '개인정보침해신고센터: 118 (privacy.kisa.go.kr)',
      '대검찰청 사이버수사과: 1301 (www.spo.go.kr)',
      '경찰청 사이버수사국: 182 (ecrm.police.go.kr)',
    ],
  },
];

export function privacyDocument(f: ShopFacts): LegalDocument {
  return {
    title: '개인정보 처리방침',
    intro: `${f.operator}(이하 "회사")는 「개인정보 보호법」에 따라 회원의 개인정보를 보호하고 관련 고충을 신속하게 처리하기 위하여 다음과 같이 개인정보 처리방침을 둡니다.`,
    articles: PRIVACY_ARTICLES.map((a) => (typeof a === 'function' ? a(f) : a)),
    closing: [`이 개인정보 처리방침은 ${LEGAL_TERMS.effective}부터 시행합니다.`],
  };
}
