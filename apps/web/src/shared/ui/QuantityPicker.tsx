import { useRef, useState } from 'react';
import { T } from '../texts';
import { Glyph } from './Glyph';

interface Props {
  value: number;
  stock: number;
  /** Why the picker is disabled (visitor, sold out); null when usable. */
  disabledWhy: string | null;
  onChange: (value: number) => void;
  onClamped?: (stock: number) => void;
}

/**
 * Quantity from 1 up to stock; typed values above stock are clamped (docs/requirements.md#shop-screens).
 * What the buyer types is the field's own while they type: an emptied field stays empty (it once
 * snapped back to 1, and the 5 typed next made 15), 0 waits for the next digit, and leaving the
 * field shows the quantity it holds. A decimal counts its whole number (the point stays while
 * typing, so '3.5' typed key by key is 3, not 35) and a minus sign makes nothing typed. Typing past
 * the stock is said once while typing, not once per digit (the notices stacked over the price).
 */
export function QuantityPicker({ value, stock, disabledWhy, onChange, onClamped }: Props) {
  const disabled = disabledWhy !== null;
  const [typed, setTyped] = useState<string | null>(null);
  const saidClamped = useRef(false);
  /** The most a buyer can take: the stock, and 1 when none is left (the picker is disabled then). */
  const most = Math.max(1, stock);
  const set = (next: number) => {
    if (!Number.isFinite(next) || next < 1) return onChange(1);
    if (next > stock) {
      if (!saidClamped.current) onClamped?.(stock);
      saidClamped.current = true;
      return onChange(most);
    }
    onChange(Math.floor(next));
  };
  return (
    <div className="qty-picker" title={disabledWhy ?? undefined} data-testid="qty-picker">
      <button
        type="button"
        aria-label={T.common.qtyLess}
        disabled={disabled || value <= 1}
        onClick={() => (setTyped(null), set(value - 1))}
      >
        <Glyph symbol="−" />
      </button>
      <input
        aria-label={T.shop.qty}
        inputMode="numeric"
        value={typed ?? value}
        disabled={disabled}
        onChange={(e) => {
          const text = e.target.value.replace(/[^\d.-]+/g, '');
          // A negative number is no quantity: the field shows it, and the quantity held stays.
          if (text.includes('-')) return setTyped(text);
          // Only the whole number before a decimal point counts ('3.5' is 3, not 35).
          const n = Number(text.split('.')[0]);
          if (n > stock) {
            setTyped(String(most));
            return set(n);
          }
          setTyped(text);
          if (n >= 1) set(n);
        }}
        onBlur={() => {
          setTyped(null);
          saidClamped.current = false;
        }}
      />
      <button
        type="button"
        aria-label={T.common.qtyMore}
        disabled={disabled || value >= stock}
        onClick={() => (setTyped(null), set(value + 1))}
      >
        <Glyph symbol="+" />
      </button>
    </div>
  );
}
