import { describe, expect, it } from 'vitest';
import { SEEDED_TERMS } from '@partsmall/contract';
import { changeLines } from './audit';

const terms = SEEDED_TERMS.map((t) => ({ ...t }));

describe('the credit account audit, in Korean', () => {
  it('lists a new account’s values', () => {
    expect(
      changeLines(
        {
          before: null,
          after: { status: 'active', limit: 1_000_000, termCode: 'EOM_NEXT_10', graceDays: 5, allowExceed: false },
        },
        terms,
      ),
    ).toEqual([
      '상태: 정상',
      '한도: 1,000,000원',
      '결제 조건: 월말 마감 익월 10일',
      '유예 일수: 5일',
      '한도 초과: 허용 안 함',
    ]);
  });

  it('shows only what changed, before → after', () => {
    const before = { status: 'active', limit: 1_000_000, termCode: 'EOM_NEXT_10', allowSubAccounts: false };
    const after = { status: 'on_hold', limit: 3_000_000, termCode: 'EOM_NEXT_10', allowSubAccounts: true };
    expect(changeLines({ before, after }, terms)).toEqual([
      '상태: 정상 → 보류',
      '한도: 1,000,000원 → 3,000,000원',
      '부계정 외상: 허용 안 함 → 허용',
    ]);
  });

  it('names an unknown term by its code rather than hiding it', () => {
    expect(changeLines({ before: null, after: { termCode: 'EOM_NEXT_25' } }, terms)).toEqual([
      '결제 조건: EOM_NEXT_25',
    ]);
  });
});
