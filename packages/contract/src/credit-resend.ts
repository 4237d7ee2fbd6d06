/**
 * 다시 보내기 of a credit statement (docs/requirements.md#monthly-close): how often it may go, and
 * what staff read of it. MSG_CREDIT (credit.ts) holds these texts with the rest of 외상's.
 */

/**
 * 다시 보내기 sends a statement's 알림톡 at most once in this many minutes: two presses at once (staff
 * and admin, a double click) send one.
 */
export const STATEMENT_RESEND_MINUTES = 1;

export const MSG_CREDIT_RESEND = {
  statementResent: '명세서를 다시 보냈습니다.',
  /** 다시 보내기 of a statement with nothing left to pay: its 알림톡 asks the buyer to pay. */
  resendPaid: '결제가 끝난 명세서는 다시 보내지 않습니다. 명세서 알림톡은 결제를 요청하는 안내입니다.',
  statementJustResent: `방금 다시 보낸 명세서입니다. 알림톡이 두 번 가지 않도록 이번에는 보내지 않았습니다. ${STATEMENT_RESEND_MINUTES}분 뒤에 다시 보낼 수 있습니다.`,
  /** 다시 보내기 whose 알림톡 no account would get: the main account's phone or '알림 설정' leave it out. */
  resendNoRecipient: (label: string) =>
    `명세서 알림톡을 받을 번호가 없어 보내지 않았습니다. 대표 계정의 휴대폰 번호와 알림 설정('${label}')을 확인하세요.`,
  /** 다시 보내기 when every phone it would reach had its day of bills (NOTIFY_LIMIT.billsPerPhonePerDay). */
  resendDayFull: (cap: number) =>
    `오늘 이 업체의 번호로 보낼 수 있는 청구 알림톡(${cap}건)을 모두 보내 이번에는 보내지 않았습니다. 내일 다시 보내세요.`,
} as const;
