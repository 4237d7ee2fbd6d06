import { describe, expect, it } from 'vitest';
import type { CreditSummary } from '@partsmall/contract';
import { creditOffer } from './offer';

const summary = (over: Partial<CreditSummary>): CreditSummary => ({
  status: 'active',
  statusLabel: '정상',
  limit: 1_000_000,
  allowExceed: false,
  used: 700_000,
  available: 300_000,
  termCode: 'EOM_NEXT_10',
  termLabel: '월말 마감 익월 10일',
  aging: { current: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 },
  ...over,
});

describe("checkout's 외상 offer", () => {
  it('offers credit to an active account and tells what is left after the order', () => {
    expect(creditOffer(summary({}), 120_000, '보류')).toEqual({ shown: true, hold: null, short: 0, after: 180_000 });
  });

  it('says by how much an order goes over the limit, unless the account may exceed', () => {
    expect(creditOffer(summary({}), 350_000, '보류')).toEqual({ shown: true, hold: null, short: 50_000, after: 0 });
    expect(creditOffer(summary({ allowExceed: true }), 350_000, '보류').short).toBe(0);
  });

  it('shows an account on hold with its reason (the server refuses the order), or the general text', () => {
    const reason = '연체된 명세서(2026년 10월)가 있어 외상 주문이 보류되었습니다.';
    expect(creditOffer(summary({ status: 'on_hold', holdReason: reason }), 10_000, '보류').hold).toBe(reason);
    expect(creditOffer(summary({ status: 'on_hold' }), 10_000, '외상 거래가 보류되어 있습니다.').hold).toBe(
      '외상 거래가 보류되어 있습니다.',
    );
  });

  it('offers nothing without an account, to a member not allowed, or to a suspended account', () => {
    expect(creditOffer(null, 10_000, '보류').shown).toBe(false);
    expect(creditOffer(undefined, 10_000, '보류').shown).toBe(false);
    expect(creditOffer(summary({ status: 'suspended' }), 10_000, '보류').shown).toBe(false);
  });
});
