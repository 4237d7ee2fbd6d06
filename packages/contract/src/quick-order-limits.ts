/** Quick order's limits and the messages of a line it cannot read (docs/requirements.md#quick-order). */
import { groupDigits } from './rules.js';

export const QUICK_ORDER_MAX_LINES = 500;
/** The cart's own limit of one line's quantity. */
export const QUICK_ORDER_MAX_QTY = 100_000;
/** A part number is at most 50 characters in the catalogue and the shop. */
export const QUICK_ORDER_MAX_PART_NUMBER = 50;
export const QUICK_ORDER_MAX_MEMO = 100;

export const QUICK_ORDER_MSG = {
  empty: '품번과 수량을 입력하세요.',
  tooManyLines: (n: number) =>
    `한 번에 최대 ${QUICK_ORDER_MAX_LINES}줄까지 주문할 수 있습니다. (입력 ${groupDigits(n)}줄)`,
  noPartNumber: '품번에 영문 또는 숫자가 없습니다.',
  partNumberTooLong: `품번은 ${QUICK_ORDER_MAX_PART_NUMBER}자까지 입력할 수 있습니다.`,
  qtyNotNumber: '수량을 숫자로 입력하세요.',
  qtyNotPositiveInteger: '수량은 1 이상의 정수로 입력하세요.',
  qtyTooLarge: `수량은 ${groupDigits(QUICK_ORDER_MAX_QTY)}개까지 입력할 수 있습니다.`,
  memoTooLong: `메모는 ${QUICK_ORDER_MAX_MEMO}자까지 입력할 수 있습니다.`,
  /** An estimate's table with no column read as the quantity (docs/search.md#paste-anything). */
  qtyColumnMissing: '수량 열을 찾지 못했습니다. 읽은 열에서 수량 열을 고르거나 수량을 넣어 다시 보내 주세요.',
} as const;
