// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { LedgerRow } from '@partsmall/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerPart } from './columns';

afterEach(cleanup);

const entry = (seq: number, type: string, amount: number, balanceAfter: number): LedgerRow => ({
  seq,
  type,
  amount,
  balanceAfter,
  note: `메모 ${seq}`,
  created: '2026-11-20T01:00:00.000Z',
  memberName: '김대표',
});

/** The type column's cells, top to bottom. */
const typeCells = () =>
  Array.from(
    screen.getByRole('table', { name: '캐시 내역' }).querySelectorAll('tbody tr'),
    (tr) => tr.querySelectorAll('td')[1]?.textContent,
  );

describe("the back office's cash ledger", () => {
  it("names each entry as the buyer's own cash ledger does, so staff and buyer read the same words", () => {
    render(
      <LedgerPart
        title="캐시 내역"
        notes
        rows={[
          entry(41, 'order', -112_200, 887_800),
          entry(42, 'cancel', 112_200, 1_000_000),
          entry(43, 'license', -55_000, 945_000),
          entry(44, 'point', 300_000, 1_245_000),
          entry(45, 'statement_payment', -82_000, 1_163_000),
        ]}
      />,
    );
    expect(typeCells()).toEqual(['주문 결제', '주문 취소 환불', '라이선스', '캐시 충전', '명세서 결제']);
  });

  it('shows the code of a kind of entry it has no name for, rather than nothing', () => {
    render(<LedgerPart title="캐시 내역" rows={[entry(51, 'migrated_2019', 5_000, 5_000)]} />);
    expect(typeCells()).toEqual(['migrated_2019']);
  });
});
