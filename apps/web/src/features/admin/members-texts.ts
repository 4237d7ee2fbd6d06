/** The back office's words (Korean) for staff accounts, companies and the shop's settings; part of `A`. */
export const MEMBERS_TEXTS = {
  /** Staff accounts (StaffPage). */
  staff: {
    title: '직원 계정',
    cols: {
      id: '아이디',
      name: '이름',
      phone: '연락처',
      role: '권한',
      status: '상태',
      created: '등록일',
      act: '작업',
    },
    resetPassword: '비밀번호 초기화',
    resetText: (id: string) => `${id}의 비밀번호를 새로 만듭니다. 로그인 중인 화면은 로그아웃됩니다.`,
    reset: '초기화',
    notSelf: '자기 계정은 정지할 수 없습니다.',
    stop: '정지',
    resume: '재개',
    create: '직원 계정 만들기',
    id: '아이디(메일)',
    roleStaff: '직원',
    roleAdmin: '관리자',
    make: '만들기',
    newPassword: '새 비밀번호',
    passwordOf: '의 비밀번호는 ',
    passwordEnd: ' 입니다.',
    passwordOnce: '이 창을 닫으면 다시 볼 수 없습니다. 직원에게 전달하세요.',
  },
};
