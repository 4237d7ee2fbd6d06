/**
 * Korean messages the server sends and the web app shows. Keys are English so code reads well;
 * values are what a Korean shop writes.
 */
export const MSG = {
  // generic
  ok: '정상 처리되었습니다.',
  notFound: '요청한 정보를 찾을 수 없습니다.',
  methodNotAllowed: '이 주소에서 허용되지 않는 요청 방식입니다.',
  noInfo: '검색된 정보가 없습니다.',
  serverError: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  badRequest: '요청 형식이 올바르지 않습니다.',
  tokenExpired: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
  loginRequired: '로그인이 필요합니다.',
  forbidden: '이 작업을 할 권한이 없습니다.',
  tooMany: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  payloadTooLarge: '요청 크기가 너무 큽니다.',
  textInvalid: '입력할 수 없는 문자가 포함되어 있습니다.',
  /** A JSON body declared in a character set other than UTF-8 (415; docs/security.md#hostile-input). */
  charsetUnsupported: '요청 본문은 UTF-8로 보내 주세요.',
  /** A list's search box (orders, cart, addresses, sub-accounts, cross-references). */
  searchKeywordLength: '검색어는 50자 이내로 입력하세요.',
  adminKeywordLength: '검색어는 100자 이내로 입력하세요.',
  /** A search box sent as no text (`{"keyword": 123}`), told so rather than its length. */
  keywordType: '검색어를 글자로 입력하세요.',
  /** A list's page number (docs/requirements.md#answers-and-errors): not a whole number from 1, or past the bound. */
  pageTooSmall: '페이지 번호는 1 이상이어야 합니다.',
  pageTooLarge: '페이지 번호는 100,000 이하여야 합니다.',
  /** A list's page size that is no whole number from 1 (a larger one is served as the list's largest page). */
  pageSizeTooSmall: '페이지 크기는 1 이상이어야 합니다.',

  // a row's id that is no id (`{"companyId": true}`): what to choose, as an order's '주문을 선택하세요.'
  selectCompany: '업체를 선택하세요.',
  selectMember: '회원을 선택하세요.',
  selectDeposit: '입금 내역을 선택하세요.',
  selectNotice: '공지사항을 선택하세요.',
  selectInquiry: '문의를 선택하세요.',
  selectStatement: '명세서를 선택하세요.',
  selectTaxInvoice: '세금계산서를 선택하세요.',
  selectXref: '호환품번 관계를 선택하세요.',
  selectSynonym: '동의어 묶음을 선택하세요.',
  selectJob: '작업을 선택하세요.',

  // login
  loginIdRequired: '아이디(메일 주소)를 입력하세요.',
  loginIdLength: '아이디는 5~50자의 메일 주소로 입력하세요.',
  loginIdShape: '아이디는 메일 주소 형식으로 입력하세요.',
  passwordRequired: '비밀번호를 입력하세요.',
  passwordLength: '비밀번호는 4~20자로 입력하세요.',
  loginFailed: '아이디 또는 비밀번호가 일치하지 않습니다.',
  loginTooMany: '로그인 시도가 너무 많습니다. 10분 후 다시 시도해 주세요.',
  /** A sub-account its company stopped. */
  accountStopped: '사용이 중지된 계정입니다. 회사 대표 계정에 문의하세요.',
  /** A main account its company stopped; any account the shop stopped gets MSG_MEMBER.stoppedByShop. */
  accountStoppedMain: '사용이 중지된 계정입니다. 고객센터에 문의하세요.',
  loggedIn: '로그인되었습니다.',
  loggedOut: '로그아웃되었습니다.',

  // business number
  licenseRequired: '사업자등록번호를 입력하세요.',
  licenseDigits: '사업자등록번호는 숫자 10자리로 입력하세요.',
  licenseChecksum: '유효하지 않은 사업자등록번호입니다. 다시 확인해 주세요.',
  licenseNew: '가입 가능한 사업자등록번호입니다.',
  licenseExists: '이미 가입된 사업자등록번호입니다.',
  licenseUnknown: '가입되지 않은 사업자등록번호입니다.',

  // phone
  phoneRequired: '휴대폰 번호를 입력하세요.',
  phoneDigits: '휴대폰 번호는 숫자 11자리로 입력하세요.',
  phoneShape: '올바른 휴대폰 번호가 아닙니다.',
  phoneInUse: '이미 가입에 사용된 휴대폰 번호입니다.',
  phoneNotFound: '해당 휴대폰 번호로 가입된 계정이 없습니다.',
  codeSent: '인증번호를 발송했습니다. 3분 안에 입력하세요.',
  codeWait: '인증번호는 60초 후에 다시 요청할 수 있습니다.',
  codeDailyCap: '오늘 요청할 수 있는 인증번호 횟수를 넘었습니다. 내일 다시 시도해 주세요.',
  codeAddressDailyCap: '이 네트워크에서 오늘 요청할 수 있는 인증번호 횟수를 넘었습니다. 내일 다시 시도해 주세요.',
  codeRequired: '인증번호를 입력하세요.',
  codeDigits: '인증번호는 숫자 6자리입니다.',
  codeWrong: '인증번호가 일치하지 않습니다.',
  codeExpired: '인증번호가 만료되었습니다. 다시 요청하세요.',
  // Wrong answers and joins refused past a right code both spend the five tries (docs/security.md#account-enumeration).
  codeTooManyTries: '인증번호 확인 횟수(5회)를 모두 사용했습니다. 인증번호를 다시 요청하세요.',
  codeNotRequested: '인증번호를 먼저 요청하세요.',
  codeVerified: '인증되었습니다.',
  /** An `authType` other than 'message', the only way a code is sent. */
  authTypeInvalid: '인증 방식을 다시 선택하세요.',
  phoneNotVerified: '휴대폰 인증을 먼저 완료하세요.',

  // join
  companyNameRequired: '상호를 입력하세요.',
  companyNameLength: '상호는 1~50자로 입력하세요.',
  /** An emoji in the 상호 (rules.ts isPrintableOnDocuments): the paperwork prints it, as the registration writes it. */
  companyNamePictograph: '상호에는 이모지 같은 그림 문자를 넣을 수 없습니다. 사업자등록증에 적힌 대로 입력하세요.',
  companyAreaRequired: '사업 지역을 입력하세요.',
  companyAreaLength: '사업 지역은 2~20자로 입력하세요.',
  joinIdRequired: '로그인 계정을 입력하세요.',
  passwordMismatch: '비밀번호가 일치하지 않습니다.',
  policyRequired: '이용약관에 동의하세요.',
  privacyRequired: '개인정보 처리방침에 동의하세요.',
  securityNumRequired: '보안번호를 입력하세요.',
  securityNumLength: '보안번호는 6자리입니다.',
  securityNumWrong: '보안번호가 일치하지 않습니다. 회사 대표 계정에 현재 보안번호를 확인하세요.',
  securityNumTooMany: '보안번호를 여러 번 잘못 입력했습니다. 10분 후 다시 시도해 주세요.',
  securityNumLocked:
    '보안번호가 너무 여러 번 틀려 잠겼습니다. 회사 주계정에서 보안번호를 재발급받은 뒤 다시 가입해 주세요.',
  contactDigits: '연락처는 숫자 9~11자리로 입력하세요.',
  // a person's name: the sub-account join, my info, the sub-accounts of the member area
  nameRequired: '이름을 입력하세요.',
  nameLength: '이름은 2~20자로 입력하세요.',
  idInUse: '이미 사용 중인 계정입니다.',
  joinDone: '회원가입이 완료되었습니다.',
  joinFailed: '회원가입에 실패했습니다.',

  // find
  foundId: '가입하신 아이디를 찾았습니다.',
  passwordChanged: '비밀번호가 변경되었습니다. 새 비밀번호로 로그인하세요.',
  findPwFailed: '비밀번호 찾기에 실패했습니다.',
  /** Several accounts gave the phone: find password needs the id to reset (docs/security.md#sessions). */
  recoverIdRequired: '이 번호로 가입한 아이디가 여러 개입니다. 비밀번호를 바꿀 아이디를 입력하세요.',
  recoverIdNotFound: '이 번호로 가입한 아이디가 아닙니다. 아이디 찾기에서 확인하세요.',

  // config
  configUnavailable: '쇼핑몰 설정을 불러오지 못했습니다.',
} as const;

export type MessageKey = keyof typeof MSG;
