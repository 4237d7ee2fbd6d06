/**
 * What 월 마감 (api/admin/closeMonth) answers in words (docs/requirements.md#monthly-close): the
 * statements it made and, when it made none, why. MSG_CREDIT (credit.ts) holds these texts with the
 * rest of 외상's.
 */

export const MSG_CREDIT_CLOSE = {
  /** The statement preview of a month closed already, or passed by a later month's statement. */
  previewClosed: '이미 마감된 달입니다. 만든 명세서는 명세서 목록에서 확인하세요.',
  closed: (n: number) => `${n}개 업체의 명세서를 마감했습니다.`,
  /** After `closed`: companies whose month was closed before this close. */
  closedBefore: (n: number) => ` ${n}개 업체는 이미 마감되어 있었습니다.`,
  /** No statement made, and no company had anything to bill or carry in. */
  nothingToClose: '이 달은 외상 거래도 이월 잔액도 없어 만든 명세서가 없습니다.',
  caughtUp: (n: number) => ` 마감되지 않았던 이전 달 명세서 ${n}건을 먼저 만들었습니다.`,
  parked: (n: number) => ` 세금계산서 ${n}건은 회사 정보가 부족해 보류되었습니다.`,
} as const;

/**
 * The close's message from its counts: what it made (and which companies it found closed), or that
 * the month was closed already, or that there was nothing to bill; then the earlier months it made
 * first and the invoices parked.
 */
export function closeMonthMessage(r: { closed: number; already: number; parked: number; caughtUp: number }): string {
  const M = MSG_CREDIT_CLOSE;
  const made =
    r.closed > 0
      ? `${M.closed(r.closed)}${r.already > 0 ? M.closedBefore(r.already) : ''}`
      : r.already > 0
        ? M.previewClosed
        : M.nothingToClose;
  return `${made}${r.caughtUp ? M.caughtUp(r.caughtUp) : ''}${r.parked ? M.parked(r.parked) : ''}`;
}
