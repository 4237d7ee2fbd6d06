// @vitest-environment happy-dom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuantityPicker } from './QuantityPicker';

afterEach(cleanup);

/** A picker over a product with 15 in stock, as the product slide and the cart hold one. */
function Picker({ onClamped, start = 1 }: { onClamped?: (stock: number) => void; start?: number }) {
  const [qty, setQty] = useState(start);
  return (
    <>
      <QuantityPicker value={qty} stock={15} disabledWhy={null} onChange={setQty} onClamped={onClamped} />
      <output data-testid="qty">{qty}</output>
    </>
  );
}

const input = () => screen.getByLabelText('수량') as HTMLInputElement;
const qty = () => screen.getByTestId('qty').textContent;
const type = (value: string) => fireEvent.change(input(), { target: { value } });

describe('QuantityPicker', () => {
  it('a buyer who clears the field and types 5 orders 5 (the empty field once snapped to 1, and 5 became 15)', () => {
    render(<Picker />);
    type('');
    expect(input().value).toBe('');
    expect(qty()).toBe('1');
    type('5');
    expect([input().value, qty()]).toEqual(['5', '5']);
  });

  it('leaving the field empty shows the quantity it still holds', () => {
    render(<Picker start={3} />);
    type('');
    fireEvent.blur(input());
    expect([input().value, qty()]).toEqual(['3', '3']);
  });

  it('keeps digits only; 0 is not a quantity', () => {
    render(<Picker start={2} />);
    type('1a2');
    expect([input().value, qty()]).toEqual(['12', '12']);
    type('0');
    expect(qty()).toBe('12');
    fireEvent.blur(input());
    expect(input().value).toBe('12');
  });

  it('15 is taken as typed; 16 is brought down to the stock, said once', () => {
    const onClamped = vi.fn();
    render(<Picker onClamped={onClamped} />);
    type('15');
    expect([input().value, qty()]).toEqual(['15', '15']);
    expect(onClamped).not.toHaveBeenCalled();
    type('16');
    expect([input().value, qty()]).toEqual(['15', '15']);
    expect(onClamped).toHaveBeenCalledTimes(1);
    expect(onClamped).toHaveBeenCalledWith(15);
  });

  it('typing past the stock digit by digit is said once while typing, and again after leaving the field', () => {
    const onClamped = vi.fn();
    render(<Picker onClamped={onClamped} />);
    type('99');
    type('159');
    type('1599');
    expect([input().value, qty()]).toEqual(['15', '15']);
    expect(onClamped).toHaveBeenCalledTimes(1);
    fireEvent.blur(input());
    type('40');
    expect(onClamped).toHaveBeenCalledTimes(2);
  });

  it('the buttons step from what is held, within 1 and the stock', () => {
    render(<Picker start={14} />);
    fireEvent.click(screen.getByLabelText('수량 늘리기'));
    expect(qty()).toBe('15');
    expect((screen.getByLabelText('수량 늘리기') as HTMLButtonElement).disabled).toBe(true);
    type('1');
    expect((screen.getByLabelText('수량 줄이기') as HTMLButtonElement).disabled).toBe(true);
    // A step right after typing shows the new quantity, not what was typed.
    fireEvent.click(screen.getByLabelText('수량 늘리기'));
    expect([input().value, qty()]).toEqual(['2', '2']);
  });

  it('a decimal counts its whole number only: 3.5 orders 3, not 35 brought down to the stock', () => {
    const onClamped = vi.fn();
    render(<Picker onClamped={onClamped} />);
    type('3.5');
    expect(qty()).toBe('3');
    expect(onClamped).not.toHaveBeenCalled();
    fireEvent.blur(input());
    expect(input().value).toBe('3');
  });

  it('a decimal typed key by key stays 3: the point is kept while typing, so the 5 after it is not a second digit', () => {
    render(<Picker />);
    type('3');
    type('3.');
    type('3.5');
    expect([input().value, qty()]).toEqual(['3.5', '3']);
    fireEvent.blur(input());
    expect(input().value).toBe('3');
  });

  it('a minus sign is nothing typed: -5 keeps the quantity held, and leaving the field shows it', () => {
    const onClamped = vi.fn();
    render(<Picker start={4} onClamped={onClamped} />);
    type('-');
    type('-5');
    type('-50');
    expect(qty()).toBe('4');
    expect(onClamped).not.toHaveBeenCalled();
    fireEvent.blur(input());
    expect([input().value, qty()]).toEqual(['4', '4']);
  });
});
