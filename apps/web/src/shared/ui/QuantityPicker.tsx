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

/** Quantity from 1 up to stock; typed values above stock are clamped (docs/requirements.md#shop-screens). */
export function QuantityPicker({ value, stock, disabledWhy, onChange, onClamped }: Props) {
  const disabled = disabledWhy !== null;
  const set = (next: number) => {
    if (!Number.isFinite(next) || next < 1) return onChange(1);
    if (next > stock) {
      onClamped?.(stock);
      return onChange(Math.max(1, stock));
    }
    onChange(Math.floor(next));
  };
  return (
    <div className="qty-picker" title={disabledWhy ?? undefined} data-testid="qty-picker">
      <button
        type="button"
        aria-label={T.common.qtyLess}
        disabled={disabled || value <= 1}
        onClick={() => set(value - 1)}
      >
        <Glyph symbol="−" />
      </button>
      <input
        aria-label={T.shop.qty}
        inputMode="numeric"
        value={value}
        disabled={disabled}
        onChange={(e) => set(Number(e.target.value.replace(/\D+/g, '') || '1'))}
      />
      <button
        type="button"
        aria-label={T.common.qtyMore}
        disabled={disabled || value >= stock}
        onClick={() => set(value + 1)}
      >
        <Glyph symbol="+" />
      </button>
    </div>
  );
}
