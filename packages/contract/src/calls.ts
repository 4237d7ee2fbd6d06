import { CALL_ROUTES, type CallId, type CallRoute } from './call-routes.js';

/**
 * The table of HTTP calls: one entry per call, keyed by its operationId. The server checks at start
 * that every documented route has an entry and every entry a route, and fills the OpenAPI document
 * (operationId, tags, summary, description, example) from it. For the calls of the original API
 * (`spec: true`, docs/requirements.md#the-original-api) the example is the original payload, field
 * for field, and the conformance suite (`spec-conformance.test.ts`) sends exactly it. No zod here: the table is plain data,
 * cheap for the web to import.
 */

export const CALL_TAGS = [
  { name: 'health', description: '프로세스 상태 (로드 밸런서용)' },
  { name: 'auth', description: '로그인, 가입, 휴대폰 인증, 아이디·비밀번호 찾기' },
  { name: 'mall', description: '쇼핑몰 설정' },
  { name: 'products', description: '상품 목록과 상세' },
  { name: 'notices', description: '공지사항' },
  { name: 'inquiry', description: '제휴·광고 문의' },
  { name: 'carInfo', description: '차체 부품 용어표' },
  { name: 'cart', description: '장바구니와 바로구매' },
  { name: 'orders', description: '주문, 캐시 결제, 취소와 반품' },
  { name: 'shipping', description: '배송지와 배송 방법' },
  { name: 'members', description: '회원 영역: 내 정보, 회사, 계정 관리, 탈퇴' },
  { name: 'payments', description: '캐시 충전과 라이선스 결제' },
  { name: 'epc', description: '부품 카탈로그 (차대번호 조회, 그룹, 부품)' },
  { name: 'chat', description: '채팅 이미지와 모바일 QR 로그인' },
  { name: 'admin', description: '관리자 화면 (직원과 관리자 전용)' },
  { name: 'dev', description: '개발용 도구 (데모 모드)' },
] as const;

export type CallTag = (typeof CALL_TAGS)[number]['name'];

/** A header a call reads (the chat uploads name the customer and their message id in headers). */
export interface CallHeader {
  readonly name: string;
  readonly description: string;
  readonly required: boolean;
  readonly example: string;
}

/** A call's documentation beside its route (call-routes.ts): method, path and access come from there. */
export interface CallEntry extends CallRoute {
  readonly summary: string;
  readonly description: string;
  readonly tags: readonly CallTag[];
  /**
   * What the call is sent: the JSON body of a POST or the query of a GET (`{}` when it takes none).
   * For a call of the original API, exactly the original field names and nothing of ours.
   */
  readonly example: Readonly<Record<string, unknown>>;
  /** For a call that takes no input: an example of its answer, so that the document shows one. */
  readonly answerExample?: Readonly<Record<string, unknown>>;
  /** The call is one of the original API (docs/requirements.md#the-original-api). */
  readonly spec?: true;
  /** Registered only in one configuration: the Toss gateway, or the console SMS outbox of demo mode. */
  readonly only?: 'toss' | 'devOutbox';
  /** A multipart upload: the file field and the headers it reads. */
  readonly upload?: { readonly field: string; readonly maxFiles: number; readonly headers: readonly CallHeader[] };
}

const dates = { startDate: '2026-11-01', endDate: '2026-11-30', searchType: 'date', page: 1, size: 15 };
const admin = (id: CallId, summary: string, description: string, example: Record<string, unknown>): CallEntry => ({
  ...CALL_ROUTES[id],
  summary,
  description,
  tags: ['admin'],
  example,
});
const VIN = 'WDDZF4JB8HA354812';
const uploadHeaders = (staff: boolean): CallHeader[] => [
  ...(staff
    ? [{ name: 'targetuser', description: '답변할 고객의 회원 번호 (URI 인코딩)', required: true, example: '7' }]
    : []),
  {
    name: 'x-client-message-id',
    description: '보내는 쪽이 정한 메시지 id (8-64자): 다시 보내도 한 번만 저장',
    required: false,
    example: 'c0ffee00-upload-1',
  },
];

export const CALLS = {
  healthz: {
    ...CALL_ROUTES.healthz,
    tags: ['health'],
    summary: '프로세스 생존 확인',
    description: '프로세스가 요청을 받으면 200. 데이터베이스는 보지 않습니다 (재시작 판단용).',
    example: {},
    answerExample: { code: 200, message: '정상', results: { process: 'ok' } },
  },
  readyz: {
    ...CALL_ROUTES.readyz,
    tags: ['health'],
    summary: '요청 처리 준비 확인 (DB, 마이그레이션, Redis)',
    description:
      '데이터베이스가 답하고 이 빌드의 마이그레이션이 적용되었으며 (설정되었다면) Redis가 답하면 200, 아니면 503.',
    example: {},
    answerExample: { code: 200, message: '준비됨', results: { database: 'ok', migrations: 'ok', redis: 'off' } },
  },
  login: {
    ...CALL_ROUTES.login,
    tags: ['auth'],
    summary: '로그인',
    spec: true,
    description:
      '아이디(메일 주소)와 비밀번호로 세션을 만들고 results.token과 results.userInfo를 돌려줍니다. 실패는 메시지와 함께 거절합니다.',
    example: { id: 'demo@partsmall.kr', pw: 'demo1234' },
  },
  logout: {
    ...CALL_ROUTES.logout,
    tags: ['auth'],
    summary: '로그아웃 (토큰 폐기)',
    description: '보낸 토큰의 세션을 끝내고 그 세션의 실시간 연결을 닫습니다.',
    example: {},
  },
  checkLicense: {
    ...CALL_ROUTES.checkLicense,
    tags: ['auth'],
    summary: '사업자등록번호 확인 (200 신규, 400 기존)',
    spec: true,
    description:
      '10자리 사업자등록번호의 검증번호를 확인하고, 가입된 회사가 없으면 200, 이미 있으면 400으로 답합니다. 형식이나 검증번호가 틀린 번호는 HTTP 400, 본문 코드 499로 거절합니다.',
    example: { license: '2148605122' },
  },
  mobileVerification: {
    ...CALL_ROUTES.mobileVerification,
    tags: ['auth'],
    summary: '가입용 인증번호 요청',
    spec: true,
    description:
      '가입할 휴대폰으로 6자리 인증번호를 보냅니다. 같은 번호는 60초에 한 번입니다. 이미 가입된 번호라는 거절도 요청한 주소의 하루 요청 횟수에 셉니다.',
    example: { phone: '01098765432', authType: 'message' },
  },
  checkAuthCode: {
    ...CALL_ROUTES.checkAuthCode,
    tags: ['auth'],
    summary: '가입용 인증번호 확인',
    spec: true,
    description: '보낸 인증번호가 맞는지 확인합니다. 틀린 번호를 여러 번 보내면 잠깁니다.',
    example: { phone: '01098765432', authCode: '123456' },
  },
  mobileVerificationInq: {
    ...CALL_ROUTES.mobileVerificationInq,
    tags: ['auth'],
    summary: '아이디·비밀번호 찾기용 인증번호 요청',
    spec: true,
    description:
      '가입된 휴대폰으로 아이디·비밀번호 찾기용 인증번호를 보냅니다. 가입된 계정이 없다는 거절도 요청한 주소의 하루 요청 횟수에 셉니다.',
    example: { phone: '01012345601', authType: 'message' },
  },
  findMemberId: {
    ...CALL_ROUTES.findMemberId,
    tags: ['auth'],
    summary: '아이디 찾기',
    spec: true,
    description: '맞는 인증번호로 그 휴대폰의 아이디를 results.id로 돌려줍니다.',
    example: { phone: '01012345601', authCode: '123456' },
  },
  findMemberPw: {
    ...CALL_ROUTES.findMemberPw,
    tags: ['auth'],
    summary: '비밀번호 재설정',
    spec: true,
    description: '맞는 인증번호로 비밀번호를 바꾸고 그 계정의 다른 세션을 끝냅니다 (201).',
    example: { phone: '01012345601', authCode: '123456', pw: 'newpass12', cpw: 'newpass12' },
  },
  join: {
    ...CALL_ROUTES.join,
    tags: ['auth'],
    summary: '회원가입 (회사 또는 부계정: securityNum)',
    spec: true,
    description:
      '인증된 휴대폰으로 회사와 대표 계정을 만들거나, securityNum이 있으면 그 회사의 부계정을 만듭니다 (201). 거절은 499. 인증번호를 먼저 확인한 뒤에야 아이디·휴대폰이 쓰이고 있는지 답합니다.',
    example: {
      license: '2148605122',
      companyName: '새한모터스',
      companyArea: '서울',
      id: 'owner@saehan.kr',
      pw: 'saehan12',
      cpw: 'saehan12',
      phone: '01098765432',
      authCode: '123456',
      policy: true,
      privacy: true,
    },
  },
  chatJoin: {
    ...CALL_ROUTES.chatJoin,
    tags: ['auth'],
    summary: '채팅 간편가입 (로그인과 같은 응답)',
    spec: true,
    description:
      '채팅 시작 화면의 간편가입: 회사와 대표 계정을 만들고 로그인과 같은 답 (token, userInfo)을 돌려줍니다.',
    example: {
      id: 'chat@busan.kr',
      pw: 'busan123',
      cpw: 'busan123',
      phone: '01055556666',
      companyName: '부산수입부품',
      companyArea: '부산',
    },
  },
  getMallConfig: {
    ...CALL_ROUTES.getMallConfig,
    tags: ['mall'],
    summary: '쇼핑몰 설정 (demo: 데모 상점이면 true)',
    spec: true,
    description:
      '하단 정보, 공지, 구매 약관, 라이선스 상품, 배송지 목록과 설정 버전(ver)을 돌려줍니다. ver가 바뀌면 화면이 다시 읽습니다.',
    example: {},
  },
  getProductHome: {
    ...CALL_ROUTES.getProductHome,
    tags: ['products'],
    summary: '상품 목록·검색 (이름 또는 부품번호; seq로 단건)',
    spec: true,
    description:
      '상품 그리드: 이름이나 부품번호로 찾고 페이지로 나눕니다. 가격은 로그인한 회사의 등급 가격이며 방문자에게는 보이지 않습니다. 부품번호 검색은 대체품번(이전 번호 → 현재 번호)과 호환품번까지 찾고, 이름 검색은 초성·입력 중인 글자·동의어·한/영 전환(영문 자판으로 친 한글)과 오타 하나를 받습니다. 행마다 matchKind와 matchReason이 찾은 이유를 말합니다.',
    example: { searchKeyword: '브레이크', searchType: 'name', page: 1, size: 60 },
  },
  suggestProducts: {
    ...CALL_ROUTES.suggestProducts,
    tags: ['products'],
    summary: '검색어 추천 (입력하는 동안, 상품 8개와 분류)',
    description:
      '검색창에 입력하는 동안 맞는 상품을 8개까지 (부품번호는 대체·호환 품번 포함, 이름은 초성·입력 중인 글자·동의어)와 맞는 분류를 돌려줍니다. 가격은 로그인한 회사의 등급 가격입니다.',
    example: { keyword: 'ㅂㄹㅇㅋ ㅍㄷ' },
  },
  getProductHomeDetail: {
    ...CALL_ROUTES.getProductHomeDetail,
    tags: ['products'],
    summary: '상품 상세 (팝업)',
    spec: true,
    description: '홈 화면 상품 팝업의 상세: 상품과 같은 부품번호의 다른 상품.',
    example: { seq: 1, page: 1, size: 10 },
  },
  getProductInfo: {
    ...CALL_ROUTES.getProductInfo,
    tags: ['products'],
    summary: '상품 상세 (상품 페이지)',
    description: '상품 페이지(productDetail)의 상세. 팝업과 같은 내용입니다.',
    example: { seq: 1, page: 1, size: 10 },
  },
  getEpcToProduct: {
    ...CALL_ROUTES.getEpcToProduct,
    tags: ['products'],
    summary: '부품번호(OE)로 판매 상품 찾기',
    spec: true,
    description: '카탈로그의 부품번호로 판매 중인 상품을 results.partInfo로 돌려줍니다.',
    example: { pid: '34116860016' },
  },
  getMallNotice: {
    ...CALL_ROUTES.getMallNotice,
    tags: ['notices'],
    summary: '공지사항 목록 (searchType, searchKeyword, page, size) 또는 상세 (seq)',
    spec: true,
    description: 'seq가 없으면 게시된 공지의 목록 (검색, 페이지), seq가 있으면 그 공지 하나.',
    example: { searchType: 'title', searchKeyword: '', page: 1, size: 20 },
  },
  registerInquiry: {
    ...CALL_ROUTES.registerInquiry,
    tags: ['inquiry'],
    summary: '제휴·광고 문의 접수',
    spec: true,
    description: '방문자도 보낼 수 있는 제휴·광고 문의 (201). 같은 주소에서 너무 자주 보내면 거절합니다.',
    example: { qnaType: 'partnership', phone: '0212345678', content: '수입차 부품 납품 제휴를 문의드립니다.' },
  },
  getCarInfo: {
    ...CALL_ROUTES.getCarInfo,
    tags: ['carInfo'],
    summary: '차체 부품 용어표 (페이지별)',
    description: '차체 부품의 한국어·영어 용어표를 페이지별로 돌려줍니다.',
    example: {},
  },
  addToBuy: {
    ...CALL_ROUTES.addToBuy,
    tags: ['cart'],
    summary: '바로구매: 결제할 상품 (201)',
    spec: true,
    description:
      '바로구매할 상품과 수량을 확인해 결제 화면이 쓸 줄을 돌려줍니다 (201). 재고보다 많은 수량은 거절합니다.',
    example: { productId: 1, hasAmount: 1, price: 37400, originHasAmount: 12, companyId: 1 },
  },
  addToCart: {
    ...CALL_ROUTES.addToCart,
    tags: ['cart'],
    summary: '장바구니 담기 (201)',
    spec: true,
    description: '상품을 장바구니에 담습니다 (이미 있으면 수량을 더함, 201). 거래 채널의 addToCart와 같은 처리입니다.',
    example: { productId: 1, hasAmount: 1, price: 37400, originHasAmount: 12, companyId: 1 },
  },
  getMallCartInfo: {
    ...CALL_ROUTES.getMallCartInfo,
    tags: ['cart'],
    summary: '장바구니 (64개씩)',
    spec: true,
    description: '회사의 장바구니 줄과 각 상품 정보 (이름, 부품번호, 가격, 재고, 창고).',
    example: { searchKeyword: '', searchType: '', page: 1, size: 64 },
  },
  updateCartQuantity: {
    ...CALL_ROUTES.updateCartQuantity,
    tags: ['cart'],
    summary: '장바구니 수량 변경 (201)',
    spec: true,
    description: '장바구니 줄의 수량을 바꿉니다 (1부터 재고까지, 201). 화면은 장바구니 줄을 그대로 보냅니다.',
    example: { seq: 1, qty: 2 },
  },
  getMallOrderInfo: {
    ...CALL_ROUTES.getMallOrderInfo,
    tags: ['orders'],
    summary: '주문 내역 (15건씩, 날짜 구간)',
    spec: true,
    description: '회사의 주문 내역: searchType이 date이면 두 날짜 사이 (서울 날짜), 최신순 15건씩.',
    example: dates,
  },
  getMallOrderDetail: {
    ...CALL_ROUTES.getMallOrderDetail,
    tags: ['orders'],
    summary: '주문 상세',
    description: '회사 주문 하나의 상품, 배송 정보와 상태.',
    example: { seq: 1 },
  },
  resolveQuickOrder: {
    ...CALL_ROUTES.resolveQuickOrder,
    tags: ['cart'],
    summary: '빠른주문: 품번 목록 확인 (붙여넣기 또는 multipart file)',
    description:
      '견적서에서 붙여넣은 줄(품번, 수량, 메모; 탭·쉼표·공백 구분, 최대 500줄) 또는 multipart의 file 필드로 올린 .xlsx/.csv(UTF-8, EUC-KR)/.pdf(1MB)를 읽어 줄마다 상태(exact, replaced, interchangeable, choose, short, soldOut, unknown, invalid)와 후보 상품(회사 등급 가격, 재고, 창고)을 답합니다. 순번·품명·단가·금액이 있는 견적서는 머리글이나 값의 모양으로 열을 읽어 columns로 알려 주고, 요청의 columns로 고친 열을 받습니다. 저장하는 것은 없습니다.',
    example: { text: '34116860242\t2\t앞 패드\nA 000 420 12 20, 1' },
  },
  addQuickOrderToCart: {
    ...CALL_ROUTES.addQuickOrderToCart,
    tags: ['cart'],
    summary: '빠른주문: 한 번에 장바구니 담기 (201)',
    description:
      '빠른주문 표의 줄을 한 트랜잭션으로 장바구니에 담습니다. 그사이 재고가 바뀐 줄이 있으면 아무것도 담지 않고 그 줄들을 알려 줍니다 (409). memo와 jobRef(작업번호·차량번호, 30자)는 선택입니다. clientRequestId(선택)가 같은 요청을 다시 보내면 처음의 답을 돌려주고 다시 담지 않습니다.',
    example: { lines: [{ productId: 1, qty: 2, memo: '앞 패드', jobRef: '12가3456' }] },
  },
  reorder: {
    ...CALL_ROUTES.reorder,
    tags: ['orders'],
    summary: '다시 담기: 주문한 상품을 오늘 가격으로 장바구니에 (201)',
    description:
      '회사 주문 하나의 상품을 오늘 가격으로, 재고만큼 장바구니에 담고 줄마다 바뀐 점(가격, 재고, 대체품번, 판매 중지)을 알려 줍니다. 다른 회사의 주문은 404입니다. clientRequestId(선택)가 같은 요청을 다시 보내면 처음의 답을 돌려주고 다시 담지 않습니다.',
    example: { seq: 1 },
  },
  requestPaymentProduct: {
    ...CALL_ROUTES.requestPaymentProduct,
    tags: ['orders'],
    summary: '캐시 결제 (거래 채널과 같은 처리; clientRequestId가 있으면 같은 요청은 한 번만 결제)',
    description:
      '장바구니 줄을 캐시로 결제해 주문을 만듭니다 (201). 한 창고의 상품만, 잔액이 상품과 배송비보다 적으면 거절합니다.',
    example: {
      shippingInfo: {
        name: '김철수',
        phone: '01012345678',
        postNum: '06236',
        address: '서울 강남구 테헤란로 123',
        addrSub: '4층',
        arrive: '',
        shippingValue: 1,
        shipping: 6000,
        shippingPayType: 0,
        memo: '',
        directDeli: false,
        fromName: '',
        fromPhone: '',
      },
      carts: [{ seq: 1, qty: 1 }],
    },
  },
  cancelMallOrder: {
    ...CALL_ROUTES.cancelMallOrder,
    tags: ['orders'],
    summary: '주문 취소 (주문 당일, 구매요청 상태)',
    description: '주문한 날 구매요청 상태인 주문을 취소하고 결제한 캐시를 돌려줍니다.',
    example: { seq: 1 },
  },
  returnMallOrder: {
    ...CALL_ROUTES.returnMallOrder,
    tags: ['orders'],
    summary: '반품 신청 (출고완료 후 20일 이내, 사유 0-3)',
    description:
      '출고완료 후 20일 안의 주문에 반품을 신청합니다. 사유: 0 초기 불량, 1 단순 변심, 2 상품 정보 상이, 3 배송 지연.',
    example: { seq: 1, returnReason: 0 },
  },
  adminSetOrderStatus: {
    ...CALL_ROUTES.adminSetOrderStatus,
    tags: ['admin', 'orders'],
    summary: '직원: 주문 상태 변경',
    description:
      '허용된 상태 이동만 합니다 (동시에 두 직원이 옮기면 한 명만 성공, 409). 취소·반품승인은 캐시를 돌려줍니다. 출고완료(2)에는 carrier(택배사 코드 예: kr.cjlogistics, 또는 예전처럼 택배사 이름)와 그 택배사 형식의 waybill이 필요합니다 (직접 배송·퀵은 송장번호 없음).',
    example: { seq: 1, status: 1 },
  },
  adminGetOrderEvents: {
    ...CALL_ROUTES.adminGetOrderEvents,
    tags: ['admin', 'orders'],
    summary: '직원: 주문 상태 이력',
    description: '주문의 상태 이동 기록 (누가, 언제, 무엇에서 무엇으로).',
    example: { seq: 1 },
  },
  getMyShippingInfo: {
    ...CALL_ROUTES.getMyShippingInfo,
    tags: ['shipping'],
    summary: '저장된 배송지 목록',
    spec: true,
    description: '회사의 저장된 배송지: 이름이나 연락처로 찾고 페이지로 나눕니다 (기본 배송지 먼저).',
    example: { searchKeyword: '', searchType: 'name', page: 1, size: 15 },
  },
  setMallShppingInfo: {
    ...CALL_ROUTES.setMallShppingInfo,
    tags: ['shipping'],
    summary: '배송지 저장 (seq가 있으면 수정)',
    spec: true,
    description: '배송지를 새로 저장하거나 (seq 없음) 고칩니다. basic이 true면 기본 배송지가 됩니다.',
    example: {
      name: '김철수',
      phone: '01012345678',
      postNum: '06236',
      address: '서울 강남구 테헤란로 123',
      addrSub: '4층',
      basic: 'false',
    },
  },
  setMallShippingBasic: {
    ...CALL_ROUTES.setMallShippingBasic,
    tags: ['shipping'],
    summary: '기본 배송지로 설정',
    spec: true,
    description: '배송지 하나를 기본 배송지로 합니다. 화면은 목록의 배송지 줄을 그대로 보냅니다.',
    example: {
      seq: 1,
      name: '김철수',
      phone: '01012345678',
      postNum: '06236',
      address: '서울 강남구 테헤란로 123',
      addrSub: '4층',
      basic: 'false',
    },
  },
  stateShippingInfo: {
    ...CALL_ROUTES.stateShippingInfo,
    tags: ['shipping'],
    summary: '배송지 삭제',
    spec: true,
    description: '배송지 하나를 지웁니다 (201). 화면은 목록의 배송지 줄을 그대로 보냅니다.',
    example: {
      seq: 1,
      name: '김철수',
      phone: '01012345678',
      postNum: '06236',
      address: '서울 강남구 테헤란로 123',
      addrSub: '4층',
      basic: 'false',
    },
  },
  getDeliInfo: {
    ...CALL_ROUTES.getDeliInfo,
    tags: ['shipping'],
    summary: '창고별 배송 방법과 배송비 결제 방식',
    spec: true,
    description: '창고마다 쓸 수 있는 배송 방법 (화물, 택배, 퀵, 방문수령)과 배송비 결제 방식.',
    example: {},
  },
  updateMyInfo: {
    ...CALL_ROUTES.updateMyInfo,
    tags: ['members'],
    summary: '내 정보 수정 (세션 유지)',
    spec: true,
    description:
      '이름, 연락처, 메일을 고치고 보낸 토큰을 그대로 userInfo와 함께 돌려줍니다 (201). 세션은 이어지며 다른 창의 같은 토큰도 계속 쓸 수 있습니다.',
    example: { name: '박준호', phone: '01012345601', mail: 'demo@partsmall.kr', seq: 1 },
  },
  updateMyPassword: {
    ...CALL_ROUTES.updateMyPassword,
    tags: ['members'],
    summary: '비밀번호 변경 (다른 세션 종료)',
    spec: true,
    description: '현재 비밀번호를 확인하고 새 비밀번호로 바꿉니다. 다른 세션은 끝납니다.',
    example: { opw: 'demo1234', pw: 'demo5678', cpw: 'demo5678' },
  },
  updateMyCompanyInfo: {
    ...CALL_ROUTES.updateMyCompanyInfo,
    tags: ['members'],
    summary: '회사 정보 수정 (대표 계정)',
    spec: true,
    description:
      '대표 계정이 회사의 사업자등록번호, 상호, 대표, 연락처, 주소를 고칩니다. 영업 중인 다른 회사가 쓰는 사업자등록번호는 거절됩니다.',
    example: {
      license: '1234567891',
      name: '한빛수입차부품',
      ceo: '박준호',
      phone: '0212345678',
      fax: '',
      mail: '',
      postMain: '06236',
      addrMain: '서울 강남구 테헤란로 123',
      addrSub: '4층',
    },
  },
  getMyVehicles: {
    ...CALL_ROUTES.getMyVehicles,
    tags: ['members'],
    summary: '내 차량 목록 (회사가 카탈로그에서 조회한 차대번호)',
    description:
      '회사의 계정들이 부품 카탈로그에서 연 차대번호가 회사의 차량입니다: 최근에 연 순서로 최대 50대, 회사가 붙인 이름과 함께. 삭제한 차량은 다시 열 때까지 빠집니다.',
    example: {},
  },
  saveMyVehicle: {
    ...CALL_ROUTES.saveMyVehicle,
    tags: ['members'],
    summary: '내 차량 이름 붙이기',
    description:
      '회사의 차량에 이름(30자 이내, 빈 값이면 카탈로그의 이름)을 붙입니다. 회사가 조회하지 않은 차대번호는 404.',
    example: { vin: 'WDDZF4JB8HA354812', name: '김사장님 E클래스' },
  },
  removeMyVehicle: {
    ...CALL_ROUTES.removeMyVehicle,
    tags: ['members'],
    summary: '내 차량 목록에서 삭제',
    description: '차량을 목록에서 뺍니다. 카탈로그에서 다시 열면 목록에 다시 나타납니다.',
    example: { vin: 'WDDZF4JB8HA354812' },
  },
  getMallMemberInfo: {
    ...CALL_ROUTES.getMallMemberInfo,
    tags: ['members'],
    summary: '회사 계정 목록 (대표 계정, 16건씩)',
    spec: true,
    description: '대표 계정이 보는 회사의 계정 목록: 이름, 아이디, 연락처로 찾습니다.',
    example: { searchKeyword: '', searchType: 'name', page: 1, size: 16 },
  },
  setMallMemberInfo: {
    ...CALL_ROUTES.setMallMemberInfo,
    tags: ['members'],
    summary: '부계정 등록 (seq 없음: id, pw) 또는 수정 (seq)',
    spec: true,
    description: '대표 계정이 부계정을 만들거나 (아이디와 비밀번호) 이름, 연락처, 메일을 고칩니다.',
    example: { id: 'buyer2@hanbit.kr', pw: 'buyer123', name: '이구매', phone: '01077778888', mail: 'buyer2@hanbit.kr' },
  },
  setMallMemberType: {
    ...CALL_ROUTES.setMallMemberType,
    tags: ['members'],
    summary: '계정 구분 변경 (0 대표, 1 부계정)',
    spec: true,
    description: '대표 계정이 다른 계정을 대표로 바꾸거나 부계정으로 돌립니다. 화면은 목록의 계정 줄을 보냅니다.',
    example: { seq: 2, type: 1 },
  },
  stateMemberInfo: {
    ...CALL_ROUTES.stateMemberInfo,
    tags: ['members'],
    summary: '계정 사용 중지 (targetStatus: active 이면 다시 허용)',
    spec: true,
    description: '대표 계정이 부계정의 사용을 멈춥니다 (201). 그 계정의 세션과 실시간 연결도 끝납니다.',
    example: { seq: 2 },
  },
  initMallMemberPw: {
    ...CALL_ROUTES.initMallMemberPw,
    tags: ['members'],
    summary: '계정 비밀번호 초기화 (새 비밀번호는 results.pw 로 한 번만)',
    spec: true,
    description: '부계정의 비밀번호를 새로 만들어 한 번만 보여 주고 그 계정의 세션을 끝냅니다.',
    example: { seq: 2 },
  },
  updateSecurityNumber: {
    ...CALL_ROUTES.updateSecurityNumber,
    tags: ['members'],
    summary: '보안번호 변경 (대표 계정)',
    spec: true,
    description: '회사의 6자리 보안번호 (부계정 가입용)를 새로 만들어 results.securityNum으로 돌려줍니다 (201).',
    example: {},
  },
  WithdrawMember: {
    ...CALL_ROUTES.WithdrawMember,
    tags: ['members'],
    summary: '회원 탈퇴 (대표 계정은 회사와 모든 계정)',
    spec: true,
    description:
      '네 가지 확인과 본인 이름으로 탈퇴합니다 (201). 대표 계정이면 회사와 부계정도 탈퇴합니다. 로그인한 지 10분이 지난 세션은 비밀번호(pw, 선택 필드)도 보내야 합니다 (없거나 틀리면 400, field pw). 대표 계정은 회사에 처리 중인 주문(구매요청, 출고확정, 반품요청, 반품보류)이 있거나 갚지 않은 외상(미결제 명세서, 명세서에 오르지 않은 출고분)이 있으면 탈퇴할 수 없습니다 (400).',
    example: { agree1: true, agree2: true, agree3: true, agree4: true, userName: '박준호' },
  },
  withdrawCheck: {
    ...CALL_ROUTES.withdrawCheck,
    tags: ['members'],
    summary: '회원 탈퇴 전 확인: 비밀번호를 다시 입력해야 하는지 (로그인 10분 후)',
    description:
      '로그인한 지 10분이 지난 세션은 탈퇴할 때 비밀번호(pw)를 함께 보내야 합니다. 탈퇴 화면이 비밀번호 칸을 보일지 묻습니다. ordersInProgress는 대표 계정의 탈퇴를 막는 처리 중인 주문 수, creditOwed는 탈퇴를 막는 외상 미수금(원)입니다 (부계정은 둘 다 0).',
    example: {},
    answerExample: { code: 200, message: '정상', results: { pwRequired: true, ordersInProgress: 0, creditOwed: 0 } },
  },
  showCashPaymentWinow: {
    ...CALL_ROUTES.showCashPaymentWinow,
    tags: ['payments'],
    summary: '캐시 충전 결제창 (대표 계정; 1,000원~1,000만원)',
    spec: true,
    description: '캐시 충전 결제를 만들고 결제창 주소 online_url을 돌려줍니다. 입금이 확인되어야 충전됩니다.',
    example: { pgcode: 'creditcard', amount: 10000 },
  },
  showLicensePaymentWinow: {
    ...CALL_ROUTES.showLicensePaymentWinow,
    tags: ['payments'],
    summary: '라이선스 구매 결제창 (대표 계정; 쇼핑몰 설정의 상품)',
    spec: true,
    description: '쇼핑몰 설정의 라이선스 상품 하나의 결제를 만들고 online_url을 돌려줍니다.',
    example: { pgcode: 'creditcard', amount: 30000 },
  },
  paymentCallback: {
    ...CALL_ROUTES.paymentCallback,
    tags: ['payments'],
    summary: '결제사 결제 결과 통보 (서명 필수, 같은 통보는 한 번만 반영)',
    description: '결제사(연습용 결제)가 결과를 알립니다. 서명이 맞고 금액이 같을 때만, 한 번만 반영합니다.',
    example: { paymentId: 'pay_2026_0001', amount: 10000, status: 'paid', signature: '3f1c…' },
  },
  tossWebhook: {
    ...CALL_ROUTES.tossWebhook,
    tags: ['payments'],
    summary: '토스페이먼츠 웹훅 (결제 상태 변경, 가상계좌 입금): 결제사 API로 다시 조회해 반영',
    only: 'toss',
    description: '토스페이먼츠의 알림. 본문은 단서일 뿐이며 결제사 API로 다시 조회한 금액과 상태만 반영합니다.',
    example: { eventType: 'PAYMENT_STATUS_CHANGED', data: { orderId: 'pm_2026_0001', paymentKey: 'tgen_2026_0001' } },
  },
  mallCashPaymentInfo: {
    ...CALL_ROUTES.mallCashPaymentInfo,
    tags: ['payments'],
    summary: '캐시 결제 내역 (대표 계정, 15건씩)',
    spec: true,
    description: '회사의 캐시 충전 결제 기록: 날짜 구간, 최신순.',
    example: dates,
  },
  mallLicensePaymentInfo: {
    ...CALL_ROUTES.mallLicensePaymentInfo,
    tags: ['payments'],
    summary: '라이선스 결제 내역 (대표 계정, 15건씩)',
    spec: true,
    description: '회사의 라이선스 결제 기록: 날짜 구간, 최신순.',
    example: dates,
  },
  mallPendingTransfers: {
    ...CALL_ROUTES.mallPendingTransfers,
    tags: ['payments'],
    summary: '입금 대기 중인 계좌이체 (대표 계정; 은행, 계좌, 입금 기한)',
    description:
      '결제창을 닫은 뒤에도 입금 계좌를 다시 찾을 수 있도록, 입금을 기다리는 계좌이체를 은행, 계좌번호, 예금주, 금액, 입금 기한과 함께 최신순으로 돌려줍니다. 기한이 지난 것은 빠집니다. kind: point(캐시, 기본) 또는 license.',
    example: { kind: 'point' },
  },
  mallPaymentStatus: {
    ...CALL_ROUTES.mallPaymentStatus,
    tags: ['payments'],
    summary: '결제 하나의 상태 (대표 계정; 결제창이 닫힌 뒤)',
    description:
      '결제창이 닫힌 뒤 화면이 결과(완료, 거절, 입금 대기)를 알릴 수 있도록, 회사가 시작한 결제 하나의 상태를 돌려줍니다: pending, paid, declined. 다른 회사의 결제나 없는 결제는 404.',
    example: { paymentId: 'sbx_0f1e2d3c4b5a69788796a5b4c3d2e1f0' },
  },
  initEpc: {
    ...CALL_ROUTES.initEpc,
    tags: ['epc'],
    summary: '카탈로그 시작 정보 (브랜드, 테스트 차대번호, 라이선스, 오늘 조회 수)',
    spec: true,
    description: '카탈로그 첫 화면: 브랜드 목록, 테스트 차대번호, 라이선스 남은 날과 오늘 조회한 차대번호 수.',
    example: {},
  },
  getUserSearchHistory: {
    ...CALL_ROUTES.getUserSearchHistory,
    tags: ['epc'],
    summary: '회사의 차대번호 조회 이력 (최근 20건)',
    spec: true,
    description: '회사가 최근 조회한 차대번호와 차량 이름 (브랜드별).',
    example: { brand_code: 'all' },
  },
  getCarsVinEx: {
    ...CALL_ROUTES.getCarsVinEx,
    tags: ['epc'],
    summary: '차대번호 조회 (라이선스, 하루 30대)',
    spec: true,
    description:
      '차대번호로 차량을 찾아 data, brand_code, mcid를 돌려줍니다. 라이선스가 필요하고 하루 30대까지입니다 (테스트 차대번호 제외).',
    example: { brand: 'all', vin: VIN, lang: 'CN' },
  },
  getCarsGroupEx: {
    ...CALL_ROUTES.getCarsGroupEx,
    tags: ['epc'],
    summary: '주그룹',
    spec: true,
    description: '오늘 연 차대번호의 카탈로그 주그룹 (엔진, 브레이크 …).',
    example: { vin: VIN, brand: 'benz', mcid: 'DEMO-BENZ-W213', lang: 'CN' },
  },
  getCarsConfigEx: {
    ...CALL_ROUTES.getCarsConfigEx,
    tags: ['epc'],
    summary: '차량 사양·옵션',
    spec: true,
    description: '오늘 연 차대번호의 차량 사양과 옵션 코드.',
    example: { brand_code: 'benz', vin_number: VIN, lang: 'CN' },
  },
  getCarsStructureEx: {
    ...CALL_ROUTES.getCarsStructureEx,
    tags: ['epc'],
    summary: '서브그룹 / 하위그룹 (colorvalue)',
    spec: true,
    description:
      '주그룹의 서브그룹, 또는 (maingroup, level, subgroup이 있으면) 하위그룹. colorvalue 1은 이 차량에 맞는 그룹.',
    example: { brand: 'benz', lang: 'CN', mcid: 'DEMO-BENZ-W213', num: '42', vin: VIN },
  },
  getCarsPartsEx: {
    ...CALL_ROUTES.getCarsPartsEx,
    tags: ['epc'],
    summary: '부품 목록과 분해도 (핫스팟, 판매 상품)',
    spec: true,
    description: '하위그룹의 부품 목록, 분해도 그림과 핫스팟, 부품마다 판매 중인 상품.',
    example: {
      brand: 'benz',
      lang: 'CN',
      mcid: 'DEMO-BENZ-W213',
      mid: '42-010',
      num: '42',
      vin: VIN,
      subgroup: '42-010',
      isShowColorvalue: false,
    },
  },
  getCarsSearchHotKey: {
    ...CALL_ROUTES.getCarsSearchHotKey,
    tags: ['epc'],
    summary: '차량 카탈로그 안의 부품번호 검색 (2~50자)',
    spec: true,
    description:
      '오늘 연 차대번호의 카탈로그(mcid는 그 차량의 카탈로그)에서 부품번호로 찾아 그 부품이 있는 그룹과 부품을 돌려줍니다. 회원과 주소마다 1분에 검색 횟수가 제한됩니다 (429).',
    example: { vin: VIN, mcid: 'DEMO-BENZ-W213', brand: 'benz', searchHotKey: 'A2', lang: 'CN' },
  },
  getCarsReplace: {
    ...CALL_ROUTES.getCarsReplace,
    tags: ['epc'],
    summary: '대체 부품번호 (교체 이력, 호환 번호)',
    spec: true,
    description:
      '부품번호의 교체 이력과 호환 번호 목록 (body.data). 라이선스가 필요합니다. 라이선스가 없으면 테스트 차대번호(vin, mcid 선택 필드)의 카탈로그 안에서만 답합니다.',
    example: { pid: 'A2054211012', brand_code: 'benz' },
  },
  searchParts: {
    ...CALL_ROUTES.searchParts,
    tags: ['epc'],
    summary: '전체 카탈로그 부품번호 검색 (objSearchMapper, 라이선스 필요)',
    spec: true,
    description: '라이선스 있는 회사가 모든 카탈로그에서 부품번호로 찾습니다 (페이지, 다음 페이지 여부).',
    example: { objSearchMapper: { searchKeyword: 'A2054211012', page: 1, size: 10 } },
  },
  chatFileLink: {
    ...CALL_ROUTES.chatFileLink,
    tags: ['chat'],
    summary: '채팅 이미지의 새 주소 (주소는 10~15분 유효, 대화의 고객과 상담 직원만)',
    description:
      '채팅 이미지 주소는 10~15분만 유효합니다. 오래 열어 둔 채팅이 그림 하나(seq)의 새 서명 주소와 썸네일 주소를 받습니다.',
    example: { seq: 12 },
  },
  qrcodeLoginCode: {
    ...CALL_ROUTES.qrcodeLoginCode,
    tags: ['chat'],
    summary: '모바일 QR 로그인 코드 발급 (60초, 1회)',
    description: '로그인한 화면이 휴대폰 로그인용 일회용 코드를 받습니다 (60초 동안 한 번).',
    example: {},
  },
  qrcodeLogin: {
    ...CALL_ROUTES.qrcodeLogin,
    tags: ['chat'],
    summary: '모바일 QR 로그인 (코드로 새 세션)',
    spec: true,
    description: '휴대폰이 QR 코드의 일회용 코드로 같은 계정의 새 세션을 받습니다.',
    example: { token: 'qr_7f3a9c2e1b' },
  },
  uploadChatFile: {
    ...CALL_ROUTES.uploadChatFile,
    tags: ['chat'],
    summary: '채팅 이미지 보내기 (회원, multipart imgFiles)',
    spec: true,
    description:
      '회원이 상담 채팅에 이미지를 보냅니다 (multipart 필드 imgFiles, 이미지만, 여러 장). 201로 저장된 메시지를 돌려줍니다.',
    example: {},
    upload: { field: 'imgFiles', maxFiles: 10, headers: uploadHeaders(false) },
  },
  uploadChatFiles: {
    ...CALL_ROUTES.uploadChatFiles,
    tags: ['chat'],
    summary: '채팅 이미지 보내기 (상담 직원, multipart imgFiles, targetUser 헤더)',
    spec: true,
    description: '상담 직원이 고객(targetUser 헤더)에게 이미지를 보냅니다 (multipart 필드 imgFiles).',
    example: {},
    upload: { field: 'imgFiles', maxFiles: 10, headers: uploadHeaders(true) },
  },
  devOutbox: {
    ...CALL_ROUTES.devOutbox,
    tags: ['dev'],
    summary: '개발용 문자 발신함 (최신순, 이 컴퓨터에서만)',
    only: 'devOutbox',
    description:
      '데모 모드에서 보낸 문자 (인증번호)를 휴대폰 번호별로 보여 줍니다. 이 컴퓨터에서 온 요청에만 답합니다.',
    example: { phone: '01098765432' },
  },

  adminDashboard: {
    ...admin('adminDashboard', '대시보드', '오늘의 주문, 결제, 문의, 재고 부족과 접속 중인 고객 수.', {}),
  },
  adminOrderList: {
    ...admin(
      'adminOrderList',
      '주문 목록',
      '모든 회사의 주문: 상태, 날짜, 회사, 창고, 부품번호로 찾습니다. sortBy(seq, created, company, amount, status)와 sortDir(asc, desc)로 모든 페이지에 걸쳐 정렬합니다.',
      {
        status: 0,
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        sortBy: 'amount',
        sortDir: 'desc',
        page: 1,
        size: 50,
      },
    ),
  },
  adminOrderDetail: {
    ...admin('adminOrderDetail', '주문 상세', '주문 하나의 상품, 배송, 결제와 상태 이력.', { seq: 1 }),
  },
  adminOrderExport: {
    ...admin('adminOrderExport', '주문 CSV', '주문 목록과 같은 조건의 CSV (엑셀용 BOM 포함).', {
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    }),
  },
  adminBulkShipConfirm: {
    ...admin(
      'adminBulkShipConfirm',
      '선택 주문 출고확정',
      '고른 주문을 출고확정합니다. 옮길 수 없는 주문은 그대로 두고 알려 줍니다.',
      { seqs: [1, 2] },
    ),
  },
  adminCompanyList: {
    ...admin('adminCompanyList', '업체 검색', '상호, 사업자등록번호, 아이디로 회사를 찾습니다.', {
      keyword: '한빛',
      page: 1,
      size: 50,
    }),
  },
  adminCompanyDetail: {
    ...admin('adminCompanyDetail', '업체 상세', '회사의 계정, 캐시, 라이선스와 최근 주문.', { companyId: 1 }),
  },
  adminSetMemberStatus: {
    ...admin(
      'adminSetMemberStatus',
      '회원 계정 정지/재개',
      '회원 계정을 멈추거나 다시 허용합니다. 멈추면 세션과 실시간 연결이 끝납니다.',
      { memberId: 2, status: 'stopped' },
    ),
  },
  adminSetCompanyLevel: {
    ...admin(
      'adminSetCompanyLevel',
      '업체 등급 변경 (관리자)',
      '회사 등급 (a 티타늄, b 골드, c 실버, d 브론즈)을 바꿉니다. 관리자만.',
      { companyId: 1, level: 'b' },
    ),
  },
  adminAdjustCash: {
    ...admin(
      'adminAdjustCash',
      '캐시 조정 (관리자, 사유 필수)',
      '회사 캐시를 더하거나 뺍니다 (0 아래로는 안 됨). 원장에 기록됩니다. 관리자만.',
      { companyId: 1, amount: 50000, reason: '입금 확인 누락분' },
    ),
  },
  adminAdjustLicense: {
    ...admin(
      'adminAdjustLicense',
      '이용권 기간 조정 (관리자)',
      '회사 라이선스 기간을 날 수로 늘리거나 줄입니다. 늘린 날은 구매한 날과 같이 끝나고, 줄여도 지금보다 앞당겨지지 않습니다. 관리자만.',
      { companyId: 1, days: 7, reason: '장애 보상' },
    ),
  },
  adminPaymentList: {
    ...admin('adminPaymentList', '결제 기록', '모든 결제: 상태, 방식, 종류, 회사, 날짜로 찾습니다.', {
      status: 'pending',
      page: 1,
      size: 50,
    }),
  },
  adminConfirmDeposit: {
    ...admin(
      'adminConfirmDeposit',
      '계좌이체 입금 확인 (한 번만 반영)',
      '기다리는 계좌이체 결제의 입금을 확인합니다. 캐시 충전이면 캐시를, 이용권 결제면 이용권 기간을 한 번만 늘리고 메시지로 알립니다. 이미 확인된 입금이면 repeated: true, 아무것도 바꾸지 않습니다.',
      { seq: 1 },
    ),
  },
  adminProductList: {
    ...admin('adminProductList', '상품 검색', '이름이나 부품번호, 창고, 재고 상태로 상품을 찾습니다.', {
      searchType: 'name',
      keyword: '브레이크',
      stockState: 'low',
      page: 1,
      size: 50,
    }),
  },
  adminProductDetail: { ...admin('adminProductDetail', '상품 상세', '상품 하나의 모든 필드와 사진.', { seq: 1 }) },
  adminSaveProduct: {
    ...admin(
      'adminSaveProduct',
      '상품 등록/수정',
      '상품을 만들거나 (seq 없음, 처음 재고) 고칩니다. 같은 창고에 같은 부품번호는 하나만.',
      {
        name: '프론트 브레이크 패드',
        pid: '34116860016',
        factoryNum: 'TRW GDB1919',
        type: 1,
        salePrice: 78000,
        priceA: 70000,
        priceB: 72000,
        priceC: 74000,
        priceD: 76000,
        stockName: '한국 김포물류센터',
        storageId: 1,
        hasAmount: 10,
      },
    ),
  },
  adminChangeStock: {
    ...admin(
      'adminChangeStock',
      '재고 변경 (사유 필수)',
      '재고를 늘리거나 줄입니다 (0 아래로는 안 됨). 사유가 작업 기록에 남습니다.',
      { seq: 1, delta: -2, reason: '파손 폐기' },
    ),
  },
  adminUploadProductImage: {
    ...admin(
      'adminUploadProductImage',
      '상품 이미지 등록 (base64, 이미지 검사)',
      '상품 사진을 base64로 올립니다. 채팅 이미지와 같은 검사를 거칩니다. 상품 하나에 10장까지 (넘으면 400).',
      { seq: 1, name: 'pad.png', mime: 'image/png', data: 'iVBORw0KGgo…' },
    ),
  },
  adminRemoveProductImage: {
    ...admin(
      'adminRemoveProductImage',
      '상품 이미지 삭제',
      '상품의 사진 하나를 주소로 지웁니다 (작업 기록에 남음). 파일은 그 사진을 보여 주는 상품이 더 없을 때만 지웁니다. 상품에 없는 주소는 404.',
      { seq: 1, url: '/uploads/products/0b6f7c1e-3d2a-4c59-9f0e-2a1b3c4d5e6f.png' },
    ),
  },
  adminImportProducts: {
    ...admin(
      'adminImportProducts',
      'CSV 상품 일괄 등록 (미리보기, 전부 아니면 없음)',
      'CSV의 상품을 미리 보거나 (commit 없음) 모두 반영합니다. 한 줄이라도 틀리면 아무것도 바꾸지 않습니다.',
      {
        csv: 'name,pid,type,salePrice,priceA,priceB,priceC,priceD,stockName,storageId,hasAmount\n프론트 브레이크 패드,34116860016,1,78000,70000,72000,74000,76000,한국 김포물류센터,1,10\n',
        commit: false,
      },
    ),
  },
  adminProductExport: {
    ...admin('adminProductExport', '상품 CSV', '상품 검색과 같은 조건의 CSV (가져오기와 같은 열).', {
      searchType: 'name',
      keyword: '브레이크',
    }),
  },
  adminNoticeList: {
    ...admin('adminNoticeList', '공지 목록 (게시 안 함 포함)', '게시하지 않은 공지까지 모든 공지.', {
      keyword: '',
      page: 1,
      size: 50,
    }),
  },
  adminNoticeDetail: { ...admin('adminNoticeDetail', '공지 상세', '공지 하나 (편집용).', { seq: 1 }) },
  adminSaveNotice: {
    ...admin(
      'adminSaveNotice',
      '공지 등록/수정 (HTML은 서버에서 정리)',
      '공지를 만들거나 고칩니다. 본문 HTML은 허용된 태그만 남깁니다. 수정할 때 읽은 때의 ver(공지 상세·목록의 ver)를 함께 보내면 그 사이 다른 직원이 저장했을 때 409로 거절합니다.',
      {
        type: 0,
        title: '설 연휴 배송 안내',
        content: '<p>연휴 동안 출고가 쉽니다.</p>',
        popup: false,
        published: true,
      },
    ),
  },
  adminInquiryList: {
    ...admin('adminInquiryList', '문의 목록', '제휴·광고 문의: 상태별.', { status: 'open', page: 1, size: 50 }),
  },
  adminAnswerInquiry: {
    ...admin('adminAnswerInquiry', '문의 답변', '문의에 답변을 기록합니다.', {
      seq: 1,
      answer: '담당자가 연락드리겠습니다.',
    }),
  },
  adminCloseInquiry: { ...admin('adminCloseInquiry', '문의 종료', '답변이 끝난 문의를 닫습니다.', { seq: 1 }) },
  adminGetConfig: { ...admin('adminGetConfig', '쇼핑몰 설정 읽기', '편집용 쇼핑몰 설정 전체.', {}) },
  adminSaveConfig: {
    ...admin(
      'adminSaveConfig',
      '쇼핑몰 설정 저장 (ver 증가)',
      '쇼핑몰 설정을 저장하고 ver를 올립니다 (열린 화면이 다시 읽습니다). 관리자만. 읽은 때의 ver를 함께 보내면 그 사이 다른 관리자가 저장했을 때 409로 거절합니다.',
      {
        mallBottom: {
          companyName: '파츠몰',
          license: '214-88-12345',
          mailOrderLicense: '2026-서울강남-0001',
          ceo: '홍길동',
          privacyOfficer: '홍길동',
          mail: 'help@partsmall.kr',
          fax: '02-1234-5679',
          address: '서울 강남구 테헤란로 123',
          phone: '02-1234-5678',
          hours: '평일 09:00-18:00',
          copyright: '© 파츠몰',
        },
        buyPolicy: '<p>구매 약관</p>',
        totalAsset: 0,
        totalQuantity: 0,
        licenseValidBuy: [{ price: 30000, days: 30, content: '30일 이용권' }],
        shippingAddress: [],
        deliveryOptions: [],
      },
    ),
  },
  adminStaffList: { ...admin('adminStaffList', '직원 계정 목록', '직원과 관리자 계정. 관리자만.', {}) },
  adminCreateStaff: {
    ...admin(
      'adminCreateStaff',
      '직원 계정 만들기 (비밀번호 한 번 표시)',
      '직원 계정을 만들고 첫 비밀번호를 한 번만 보여 줍니다. 관리자만.',
      { id: 'staff2@partsmall.kr', name: '상담원 이바다', phone: '01033334444', role: 'staff' },
    ),
  },
  adminResetStaffPassword: {
    ...admin(
      'adminResetStaffPassword',
      '직원 비밀번호 초기화',
      '직원의 비밀번호를 새로 만들어 한 번만 보여 주고 그 직원의 세션을 끝냅니다. 관리자만.',
      { seq: 4 },
    ),
  },
  adminSetStaffStatus: {
    ...admin(
      'adminSetStaffStatus',
      '직원 계정 정지/재개',
      '직원 계정을 멈추거나 다시 허용합니다. 멈추면 세션이 끝납니다. 관리자만.',
      { seq: 4, status: 'stopped' },
    ),
  },
  adminAuditList: {
    ...admin(
      'adminAuditList',
      '작업 기록 (수정·삭제 불가)',
      '관리자 화면의 모든 쓰기 기록: 누가, 언제, 무엇을 전후로.',
      { action: 'changeStock', page: 1, size: 50 },
    ),
  },
  adminUploadCatalogue: {
    ...admin(
      'adminUploadCatalogue',
      '부품 카탈로그 zip 업로드 (가져오기 보고서)',
      '카탈로그 zip (base64)을 검사하고 가져와 보고서를 돌려줍니다. 관리자만.',
      { name: 'catalogue.zip', data: 'UEsDBBQ…' },
    ),
  },
  adminJobList: {
    ...admin(
      'adminJobList',
      '발송 작업 목록 (대기·재시도·실패)',
      '문자 같은 발송 작업: 상태를 고르지 않으면 아직 끝나지 않은 작업 (대기, 재시도 대기, 처리 중, 실패(보류))과 마지막 오류.',
      { state: 'parked', page: 1, size: 30 },
    ),
  },
  adminXrefList: {
    ...admin(
      'adminXrefList',
      '품번 교차참조 목록',
      '직원이 관리하는 품번 관계 (대체: 이전 번호 → 현재 번호, 호환: OE ↔ 애프터마켓). 품번 앞부분으로 찾습니다.',
      { keyword: '34116', page: 1, size: 50 },
    ),
  },
  adminSaveXref: {
    ...admin(
      'adminSaveXref',
      '품번 교차참조 추가 (순환·20단계 초과 거부, 작업 기록)',
      '관계 하나를 더합니다. 카탈로그의 대체 관계와 합쳐 순환하거나 20단계를 넘으면 거부합니다.',
      { pid: '34 11 6 860 016', toPid: '34116860242', kind: 'supersedes', remark: '2024년 변경' },
    ),
  },
  adminDeleteXref: {
    ...admin('adminDeleteXref', '품번 교차참조 삭제 (작업 기록)', '관계 하나를 지웁니다.', { seq: 1 }),
  },
  adminImportXrefs: {
    ...admin(
      'adminImportXrefs',
      '품번 교차참조 CSV 가져오기 (미리보기, 전부 아니면 없음)',
      'CSV (pid,toPid,kind,remark)를 미리 보거나 모두 반영합니다. 틀린 줄은 파일 이름과 줄 번호로 알려 주고 아무것도 바꾸지 않습니다.',
      { fileName: 'xref.csv', csv: 'pid,toPid,kind,remark\n34116860016,34116860242,supersedes,\n', commit: false },
    ),
  },
  adminSynonymList: {
    ...admin(
      'adminSynonymList',
      '검색 동의어 목록',
      '이름 검색이 같은 뜻으로 찾는 단어 묶음 (벤츠 = 메르세데스 = MB …).',
      {},
    ),
  },
  adminSaveSynonym: {
    ...admin(
      'adminSaveSynonym',
      '검색 동의어 저장 (작업 기록)',
      '묶음을 만들거나 (seq 없음) 고칩니다. 빈 단어, 다른 묶음에 이미 있는 단어, 한 단어뿐인 묶음은 거부합니다.',
      { terms: ['쇼바', '쇼크업소버', '댐퍼'] },
    ),
  },
  adminDeleteSynonym: {
    ...admin('adminDeleteSynonym', '검색 동의어 묶음 삭제 (작업 기록)', '묶음 하나를 지웁니다.', { seq: 1 }),
  },
  adminRetryJob: {
    ...admin(
      'adminRetryJob',
      '실패(보류) 작업 다시 시도 (작업 기록)',
      '마지막 시도까지 실패해 보류된 작업을 한 번 더 시도합니다. 작업 기록에 남습니다.',
      { name: 'sms.cashCredited', id: '3f2b8c1e-9a4d-8e21-9c3b-5d7e6f1a2b3c' },
    ),
  },
  // Paperwork (docs/requirements.md#paperwork): statements, the cash ledger, tax invoices.
  orderStatement: {
    ...CALL_ROUTES.orderStatement,
    tags: ['members'],
    summary: '거래명세서 PDF (주문 1건)',
    description:
      '주문 한 건의 거래명세서를 A4 PDF로 답합니다 (application/pdf). 주문한 회사의 계정과 직원만 받고, 다른 회사의 주문은 404입니다.',
    example: { seq: 12 },
  },
  monthlyStatement: {
    ...CALL_ROUTES.monthlyStatement,
    tags: ['members'],
    summary: '월간 거래명세서 PDF (기간, 1년 이내)',
    description:
      '회사의 기간 (서울 날짜, 1년 이내) 주문을 한 장의 거래명세서 PDF로 답합니다. 대표 계정은 자기 회사, 직원은 companyId로 어느 회사든. from/to도 같은 뜻으로 받습니다.',
    example: { startDate: '2026-11-01', endDate: '2026-11-30' },
  },
  getCashLedger: {
    ...CALL_ROUTES.getCashLedger,
    tags: ['members'],
    summary: '캐시 원장 (대표 계정, 날짜 구간, 15건씩)',
    description:
      '회사 캐시의 모든 변동 (주문 결제, 충전, 취소·반품 환불, 조정)과 변동 뒤 잔액, 최신순. balance는 지금 잔액으로 가장 최근 줄의 잔액과 같습니다.',
    example: { startDate: '2026-11-01', endDate: '2026-11-30', page: 1, size: 15 },
  },
  cashLedgerExport: {
    ...CALL_ROUTES.cashLedgerExport,
    tags: ['members'],
    summary: '캐시 원장 파일 (CSV 또는 PDF)',
    description:
      '기간의 캐시 원장을 파일로 답합니다: format=csv 는 엑셀용 UTF-8 (BOM) CSV, format=pdf 는 A4 PDF. 대표 계정만.',
    example: { format: 'csv', startDate: '2026-11-01', endDate: '2026-11-30' },
  },
  getTaxInvoices: {
    ...CALL_ROUTES.getTaxInvoices,
    tags: ['members'],
    summary: '세금계산서 목록 (대표 계정, 작성일자 구간)',
    description:
      '회사의 전자세금계산서 (주문별, 월합계, 수정세금계산서): 작성일자, 금액, 상태 (발행 대기, 발행, 국세청 전송, 실패와 사유), 승인번호. 최신순.',
    example: { startDate: '2026-11-01', endDate: '2026-11-30', page: 1, size: 15 },
  },
  adminTaxInvoiceList: {
    ...admin(
      'adminTaxInvoiceList',
      '세금계산서 목록',
      '모든 회사의 세금계산서: 상태나 회사로 고릅니다. 실패한 것은 사유와 함께.',
      { status: 'failed', page: 1, size: 30 },
    ),
  },
  adminRetryTaxInvoice: {
    ...admin(
      'adminRetryTaxInvoice',
      '실패한 세금계산서 다시 발행 (작업 기록)',
      '실패한 세금계산서를 발행 대기로 돌리고 같은 문서번호로 다시 발행합니다. 작업 기록에 남습니다.',
      { seq: 1 },
    ),
  },
  adminCancelTaxInvoice: {
    ...admin(
      'adminCancelTaxInvoice',
      '세금계산서 발행 취소 (작업 기록)',
      '아직 발행되지 않은 (발행 대기, 실패) 세금계산서를 발행하지 않기로 합니다. 실패 상태는 팝빌에 이미 발행되었는지 먼저 확인하고, 발행되어 있으면 취소하지 않습니다. 작업 기록에 남습니다.',
      { seq: 1 },
    ),
  },
  adminSetCompanyInvoiceInfo: {
    ...admin(
      'adminSetCompanyInvoiceInfo',
      '업체 세금계산서 정보 (업태, 종목, 이메일, 발행 방식)',
      '직원이 업체의 업태, 종목, 세금계산서 이메일, 주문별/월합계 발행을 고칩니다. 작업 기록에 남습니다.',
      {
        companyId: 1,
        bizType: '도소매',
        bizItem: '자동차 부품',
        invoiceMail: 'tax@example.kr',
        invoiceMode: 'monthly',
      },
    ),
  },
  // tracking: carrier tracking of shipped orders (docs/requirements.md#shipping-and-tracking)
  getOrderTracking: {
    ...CALL_ROUTES.getOrderTracking,
    tags: ['shipping'],
    summary: '주문 배송 조회 (택배사, 송장번호, 조회 링크, 배송 단계)',
    description:
      '배송 완료된 주문의 택배사, 송장번호, 택배사 조회 링크, 배송 단계(집화, 간선, 배송출발, 배송완료)와 배송완료 시간. 주문한 회사의 계정(대표, 부계정)과 직원만 읽습니다. 다른 회사의 주문은 찾을 수 없다고 답합니다.',
    example: { seq: 1 },
  },
  trackingWebhook: {
    ...CALL_ROUTES.trackingWebhook,
    tags: ['shipping'],
    summary: '배송 조회 웹훅 (tracker.delivery): 송장 상태가 바뀌었다는 단서, 조회 API로 다시 읽어 반영',
    description:
      'tracker.delivery가 등록된 송장의 상태가 바뀌면 carrierId와 trackingNumber만 보냅니다. 본문은 단서일 뿐이며, 서버가 조회 API로 다시 읽은 배송 단계만 저장합니다. 이 상점의 송장이 아니면 아무것도 바꾸지 않습니다.',
    example: { carrierId: 'kr.cjlogistics', trackingNumber: '601234567890' },
  },
  // The member area's 배송 현황 (docs/requirements.md#member-area)
  getMallShipmentCounts: {
    ...CALL_ROUTES.getMallShipmentCounts,
    tags: ['shipping'],
    summary: '배송 현황: 배송대기, 배송중, 배송완료(최근 30일) 주문 수',
    description:
      '회사의 주문(대표, 부계정 모두) 가운데 구매요청·출고확정 주문은 배송대기, 출고완료 주문은 오늘을 포함한 최근 30일(서울 날짜)에 출고되어 택배사가 아직 배송완료를 알리지 않았으면 배송중, 그 30일에 배송완료되었거나 직접 배송·퀵으로 출고되었으면 배송완료로 셉니다. 창고가 없는 주문은 세지 않습니다.',
    example: {},
    answerExample: { code: 200, message: '정상 처리되었습니다.', results: { awaiting: 2, shipping: 1, delivered: 5 } },
  },
  // notify: '알림 설정'
  getNotifySettings: {
    ...CALL_ROUTES.getNotifySettings,
    tags: ['members'],
    summary: '알림 설정 보기 (어떤 알림을 어느 휴대폰으로 받는지)',
    description:
      '주 계정의 설정은 회사 기본값이고, 부계정은 자기 설정이 없으면 회사 기본값을 따릅니다. 인증번호 문자는 설정과 관계없이 보냅니다.',
    example: {},
  },
  setNotifySettings: {
    ...CALL_ROUTES.setNotifySettings,
    tags: ['members'],
    summary: '알림 설정 저장',
    description:
      '받을 알림(이벤트)과 받을 휴대폰 번호(비우면 계정의 번호)를 저장합니다. 주 계정은 회사 기본값을, 부계정은 자기 설정을 저장하며, 부계정이 followCompany 를 보내면 회사 기본값을 다시 따릅니다. 저장된 번호나 계정의 번호가 아닌 새 번호는 api/notifyPhoneCode 로 받은 인증번호(authCode)가 있어야 저장됩니다.',
    example: { events: ['orderPaid', 'shipped'], phone: '01012345678' },
  },
  notifyPhoneCode: {
    ...CALL_ROUTES.notifyPhoneCode,
    tags: ['members'],
    summary: '알림 받을 휴대폰 번호 인증번호 발송',
    description:
      '알림 설정에 새 휴대폰 번호를 저장하기 전에 그 번호로 인증번호를 보냅니다. 가입 인증번호와 같은 제한(1분에 한 번, 하루 횟수)이 적용됩니다.',
    example: { phone: '01098765432' },
  },
  // buyer22: 관심상품 and 재입고 알림 (docs/requirements.md#favourites)
  getFavorites: {
    ...CALL_ROUTES.getFavorites,
    tags: ['products'],
    summary: '관심상품 목록 (회사 공용)',
    description:
      '회사의 관심상품을 최근에 담은 순으로: 상품, 회사 등급 가격, 재고, 창고. 본계정과 부계정이 같은 목록을 봅니다.',
    example: { page: 1, size: 20 },
  },
  setFavorite: {
    ...CALL_ROUTES.setFavorite,
    tags: ['products'],
    summary: '관심상품 담기·빼기 (같은 요청은 같은 결과)',
    description: '상품을 회사의 관심상품에 담거나 뺍니다. 없는 상품은 404이고 아무것도 바뀌지 않습니다.',
    example: { productId: 1, on: true },
  },
  getProductMarks: {
    ...CALL_ROUTES.getProductMarks,
    tags: ['products'],
    summary: '관심상품·재입고 알림 표시',
    description:
      '회사의 관심상품 번호와 이 회원이 재입고 알림을 신청한 상품 번호: 카드와 목록의 하트, 알림 버튼에 씁니다.',
    example: {},
  },
  setRestockAlert: {
    ...CALL_ROUTES.setRestockAlert,
    tags: ['products'],
    summary: '재입고 알림 신청·취소 (품절 상품만)',
    description:
      '품절 상품이 다시 입고되면 이 회원에게 문자 한 통을 보내고 신청은 끝납니다. 재고가 있는 상품은 신청할 수 없습니다 (400).',
    example: { productId: 1, on: true },
  },
  setCartLineJobRef: {
    ...CALL_ROUTES.setCartLineJobRef,
    tags: ['cart'],
    summary: '장바구니 줄의 작업번호·차량번호 (30자, 빈 값은 지움)',
    description:
      '내 장바구니 줄 하나의 작업번호·차량번호를 바꿉니다. 결제하면 주문 상품에 함께 남습니다. 다른 회원의 줄은 404입니다.',
    example: { seq: 1, jobRef: '12가3456' },
  },
  // credit: 외상, the monthly close, receivables and deposits (docs/requirements.md#credit)
  getCreditSummary: {
    ...CALL_ROUTES.getCreditSummary,
    tags: ['orders'],
    summary: '외상 한도·사용액·연령 (대표 계정, 허용된 부계정)',
    description:
      '회사의 외상 상태, 한도, 사용액(미결제 명세서 + 명세서에 아직 오르지 않은 출고분 + 출고 전 외상 주문), 남은 한도, 보류 사유와 기간별 미수(기한 전, 1~30일, 31~60일, 61~90일, 90일 초과)를 돌려줍니다. 외상 계정이 없으면 404입니다.',
    example: {},
  },
  getStatements: {
    ...CALL_ROUTES.getStatements,
    tags: ['orders'],
    summary: '월 명세서 목록 (외상)',
    description:
      '회사의 월 명세서를 최근 달부터: 이월 잔액, 출고, 반품·차감, 입금, 기말 잔액, 결제 기한, 상태, 세금계산서, 가상계좌.',
    example: { startDate: '2026-01-01', endDate: '2026-12-31', page: 1, size: 15 },
  },
  statementPdf: {
    ...CALL_ROUTES.statementPdf,
    tags: ['orders'],
    summary: '월 명세서 PDF (자기 회사, 직원은 모든 회사)',
    description: '마감된 월 명세서 하나를 거래명세서 양식의 PDF로 돌려줍니다. 다른 회사의 명세서는 404입니다.',
    example: { seq: 1 },
  },
  payStatement: {
    ...CALL_ROUTES.payStatement,
    tags: ['orders'],
    summary: '명세서 결제 (카드 결제창, 가상계좌 또는 캐시)',
    description:
      '미결제 명세서를 카드로 결제할 결제창 주소를 돌려주거나 (method card), 입금할 가상계좌를 돌려주거나 (method virtualAccount), 회사의 캐시로 미결제 금액 중 캐시가 덮는 만큼을 바로 결제합니다 (method cash).',
    example: { seq: 1, method: 'card' },
  },
  adminSetCreditAccount: admin(
    'adminSetCreditAccount',
    '외상 계정 설정 (한도, 결제 조건, 상태; 사유 기록)',
    '업체의 외상 상태(정상, 보류, 정지), 한도(원), 한도 초과 허용, 결제 조건, 유예 일수, 연체 기준 금액, 부계정 허용을 저장합니다. 모든 변경은 누가, 왜, 전후 값과 함께 기록됩니다. 틀린 값은 400이고 아무것도 바뀌지 않습니다.',
    {
      companyId: 1,
      status: 'active',
      limit: 5_000_000,
      allowExceed: false,
      termCode: 'EOM_NEXT_10',
      graceDays: 5,
      overdueThreshold: 0,
      allowSubAccounts: false,
      reason: '신규 외상 거래 승인',
    },
  ),
  adminGetCreditAccount: admin(
    'adminGetCreditAccount',
    '업체의 외상 화면 (계정, 요약, 원장, 명세서, 변경 기록)',
    '업체의 외상 계정과 요약, 미수 원장(최근 100줄), 명세서, 변경 기록과 결제 조건 목록을 돌려줍니다.',
    { companyId: 1 },
  ),
  adminPaymentTerms: admin(
    'adminPaymentTerms',
    '결제 조건 목록',
    '외상 계정에 고를 수 있는 결제 조건(코드, 이름, 기준, 일수)을 추가된 순서로 돌려줍니다.',
    {},
  ),
  adminSavePaymentTerm: admin(
    'adminSavePaymentTerm',
    '결제 조건 추가 (관리자)',
    '결제 조건(코드, 이름, 기준, 일수)을 추가하거나 이름을 바꿉니다. 결제 조건 목록을 돌려줍니다.',
    { code: 'EOM_NEXT_25', label: '월말 마감 익월 25일', rule: 'next_month_day', value: 25 },
  ),
  adminLiftCreditHold: admin(
    'adminLiftCreditHold',
    '외상 보류 해제 (사유 기록)',
    '보류된 외상 계정을 정상으로 돌립니다. 누가, 왜 해제했는지 기록됩니다.',
    { companyId: 1, reason: '입금 약속 확인' },
  ),
  adminPayStatementFromCash: admin(
    'adminPayStatementFromCash',
    '업체 캐시로 명세서 결제 (직원)',
    '업체가 요청하면 직원이 그 업체의 캐시로 미결제 명세서를 결제합니다. 캐시가 덮는 만큼만 결제되고 나머지는 미결제로 남습니다. 캐시 원장과 미수 원장에 함께 기록되고, 누가 했는지 남습니다. 업체 화면을 돌려줍니다.',
    { companyId: 1, seq: 1 },
  ),
  adminReceivablesAging: admin(
    'adminReceivablesAging',
    '미수금 연령 보고서 (전체 업체, 합계)',
    '외상 거래 업체마다 기한 전, 1~30일, 31~60일, 61~90일, 90일 초과 미수와 합계를 돌려줍니다.',
    {},
  ),
  adminReceivablesAgingExport: admin(
    'adminReceivablesAgingExport',
    '미수금 연령 보고서 CSV',
    '미수금 연령 보고서를 CSV (UTF-8, 엑셀용 BOM)로 돌려줍니다.',
    {},
  ),
  adminCloseMonth: admin(
    'adminCloseMonth',
    '월 마감 (명세서, 월합계 세금계산서; 다시 해도 한 번만)',
    '끝난 달을 마감합니다: 외상 업체마다 명세서 하나, 그 PDF, 월합계 세금계산서 하나. 같은 달을 다시 마감하거나 중간에 멈춘 마감을 다시 해도 명세서와 세금계산서는 한 번씩만 만들어집니다. 끝나지 않은 달은 400입니다. 매월 1일 00:05(KST)에 예약 작업이 같은 일을 합니다.',
    { month: '2026-10' },
  ),
  adminPreviewStatement: admin(
    'adminPreviewStatement',
    '명세서 미리보기 (마감 전)',
    '업체의 그 달 명세서를 마감하지 않고 계산해 보여 줍니다. 아무것도 저장하지 않습니다.',
    { companyId: 1, month: '2026-11' },
  ),
  adminResendStatement: admin('adminResendStatement', '명세서 다시 보내기', '마감된 명세서의 알림톡을 다시 보냅니다.', {
    seq: 1,
  }),
  adminStatementList: admin(
    'adminStatementList',
    '명세서 목록 (직원)',
    '마감된 명세서를 달과 업체로 골라 최근 순으로 돌려줍니다.',
    { month: '2026-10', page: 1, size: 20 },
  ),
  adminRecordDeposit: admin(
    'adminRecordDeposit',
    '입금 등록 (직원)',
    '은행 입금 한 건을 등록하고 자동으로 맞춥니다: 업체의 가상계좌, 명세서 하나와 같은 금액, 합이 같은 미결제 명세서 묶음(5개까지), 그 밖에는 기한이 오래된 순, 남는 금액은 캐시로. 입금자명이 업체 하나에 맞지 않으면 확인 대기열로 갑니다.',
    {
      depositorName: '(주)강남모터스',
      amount: 1_100_000,
      depositedAt: '2026-11-10T10:30:00+09:00',
      clientRequestId: 'deposit-7f3a9c21',
    },
  ),
  adminImportDeposits: {
    ...admin(
      'adminImportDeposits',
      '입금내역 파일 가져오기 (CSV/xlsx, multipart file)',
      '은행의 입금내역 파일(입금일시, 입금자명, 입금액)을 읽어 한 줄씩 입금 등록과 같이 맞춥니다. 이미 가져온 줄은 다시 반영하지 않습니다.',
      {},
    ),
    upload: { field: 'file', maxFiles: 1, headers: [] },
  },
  adminDepositQueue: admin(
    'adminDepositQueue',
    '입금 확인 대기열',
    '입금자명이 업체 하나에 맞지 않아 직원이 확인할 입금들입니다.',
    {},
  ),
  adminAssignDeposit: admin(
    'adminAssignDeposit',
    '대기 입금의 업체 지정',
    '확인 대기열의 입금에 업체를 지정하면 그 업체의 미수에 맞춰 반영됩니다.',
    { seq: 1, companyId: 1 },
  ),
  adminDismissDeposit: admin(
    'adminDismissDeposit',
    '대기 입금 제외',
    '고객 대금이 아닌 입금(보낸 분께 돌려드린 돈, 상점 계좌 간 이체, 이자)을 사유와 함께 확인 대기열에서 뺍니다.',
    { seq: 1, reason: '보낸 분께 반환' },
  ),
  adminRestoreDeposit: admin(
    'adminRestoreDeposit',
    '제외한 입금 되돌리기',
    '잘못 제외한 입금을 확인 대기열로 되돌립니다. 그 뒤 업체를 지정하면 반영됩니다.',
    { seq: 1 },
  ),
} as const satisfies Record<CallId, CallEntry>;
