/** The texts of '알림 설정' (event labels come from the contract's NOTIFY_TEMPLATES). */
export const N = {
  title: '알림 설정',
  intro:
    '주문, 출고, 반품, 캐시, 상담 답변을 카카오 알림톡으로 알려 드립니다. 알림톡을 받을 수 없으면 같은 내용을 문자로 보냅니다. 인증번호 문자는 설정과 관계없이 보냅니다.',
  companyScope: '이 계정의 설정이 회사 기본값입니다. 자기 설정을 저장하지 않은 다른 계정은 이 알림을 받습니다.',
  defaultScope: '지금은 회사 기본값을 따르고 있습니다. 저장하면 이 계정만의 설정이 됩니다.',
  ownScope: '이 계정만의 설정입니다.',
  otherMainDefaultScope:
    '회사 기본값은 가장 먼저 등록된 대표계정의 설정입니다. 지금은 그 설정을 따르고 있으며, 저장하면 이 계정만의 설정이 됩니다.',
  otherMainOwnScope: '이 계정만의 설정입니다. 회사 기본값은 가장 먼저 등록된 대표계정의 설정입니다.',
  events: '받을 알림',
  all: '전체 선택',
  phone: '받을 휴대폰 번호',
  phoneHint: (own: string) => `비워 두면 계정의 연락처(${own})로 보냅니다.`,
  newPhoneHint: '새 번호는 인증이 필요합니다. 인증번호를 받아 아래에 입력한 뒤 저장하세요.',
  requestCode: '인증번호 받기',
  resendCode: '다시 받기',
  resendIn: (s: number) => `다시 받기 (${s}초)`,
  sending: '보내는 중…',
  code: '인증번호',
  codeHint: '새 번호로 받은 6자리 숫자를 입력하세요.',
  save: '저장',
  followCompany: '회사 기본값 따르기',
  mainOnlyNote: '캐시 충전, 무통장 입금, 이용권 만료 알림은 대표계정에만 보냅니다.',
  loadFailed: '알림 설정을 불러오지 못했습니다.',
} as const;
