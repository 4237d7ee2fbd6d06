// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayWith } from '@partsmall/contract';
import { CreditPayChoice, type useCreditOffer } from './CreditPayChoice';

type Offer = ReturnType<typeof useCreditOffer>;
const offer = (over: Partial<Offer>): Offer => ({
  shown: true,
  hold: null,
  short: 0,
  after: 752_000,
  available: 1_000_000,
  termLabel: '월말 마감 익월 10일',
  ...over,
});

function Choice({ of }: { of: Offer }) {
  const [value, setValue] = useState<PayWith>('cash');
  return <CreditPayChoice offer={of} cash={30_000} value={value} onChange={setValue} />;
}

afterEach(cleanup);

describe("checkout's 결제 방법", () => {
  it('shows nothing to a company without credit', () => {
    const { container } = render(<Choice of={offer({ shown: false })} />);
    expect(container.textContent).toBe('');
  });

  it('offers cash with its balance and 외상 with what is left; on 외상 the limit after the order', () => {
    render(<Choice of={offer({})} />);
    expect(screen.getByRole('group', { name: '결제 방법' }).textContent).toContain('캐시 잔액 30,000원');
    expect(screen.getByRole('radio', { name: /캐시/ })).toHaveProperty('checked', true);
    expect(screen.queryByTestId('credit-after')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /외상/ }));
    expect(screen.getByTestId('credit-available').textContent).toBe('1,000,000원');
    expect(screen.getByTestId('credit-after').textContent).toBe('752,000원');
    expect(screen.getByText('월말 마감 익월 10일 청구')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says before paying by how much the order goes over the limit, or why the account is on hold', () => {
    const { unmount } = render(<Choice of={offer({ short: 95_000, after: 0 })} />);
    fireEvent.click(screen.getByRole('radio', { name: /외상/ }));
    expect(screen.getByRole('alert').textContent).toBe(
      '외상 한도가 95,000원 모자랍니다. 캐시로 결제하거나 담당자에게 문의하세요.',
    );
    unmount();
    render(
      <Choice
        of={offer({ hold: '연체된 명세서(2026년 10월 명세서)가 있어 외상 주문이 보류되었습니다.', short: 95_000 })}
      />,
    );
    fireEvent.click(screen.getByRole('radio', { name: /외상/ }));
    expect(screen.getByRole('alert').textContent).toBe(
      '연체된 명세서(2026년 10월 명세서)가 있어 외상 주문이 보류되었습니다.',
    );
  });
});
