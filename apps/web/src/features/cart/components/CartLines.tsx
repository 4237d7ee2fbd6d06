import { useState } from 'react';
import { JOB_REF_MAX, type CartLine } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { money, won } from '../../../shared/format';
import { T } from '../../../shared/texts';
import { useNotify } from '../../../shared/ui/notify';
import { PickBox } from '../../../shared/ui/PickBox';
import { QuantityPicker } from '../../../shared/ui/QuantityPicker';
import { imageUrl } from '../../../shared/images';
import { FitsMyVehicles } from '../../vehicles';
import { useSaveJobRef } from '../api';
import '../cart.css';

const t = T.trade.cart;

export interface LineProps {
  line: CartLine;
  checked: boolean;
  onToggle: (l: CartLine) => void;
  onQty: (l: CartLine, qty: number) => void;
  onRemove: (l: CartLine) => void;
}

function LineQty({ line, onQty }: Pick<LineProps, 'line' | 'onQty'>) {
  const notify = useNotify();
  const p = line.productInfo;
  return (
    <QuantityPicker
      value={line.qty}
      stock={p.hasAmount}
      disabledWhy={p.hasAmount > 0 ? null : T.shop.qtyDisabledSoldOut}
      onChange={(n) => onQty(line, n)}
      onClamped={(n) => notify.toast(T.shop.qtyClamped(n))}
    />
  );
}

/** The line's 작업번호/차량번호 (docs/requirements.md#job-reference): saved when the field is left changed. */
function LineJobRef({ line }: { line: CartLine }) {
  const notify = useNotify();
  const save = useSaveJobRef();
  const stored = line.jobRef ?? '';
  const [text, setText] = useState(stored);
  return (
    <input
      className="cart-job-ref"
      value={text}
      maxLength={JOB_REF_MAX}
      placeholder={t.jobRef}
      aria-label={`${line.productInfo.name} ${t.jobRef}`}
      data-testid="cart-job-ref"
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        if (text.trim() === stored) return;
        save.mutate(
          { seq: line.seq, jobRef: text.trim() },
          {
            onSuccess: (a) => notify.toast(a.message),
            onError: (e) => {
              setText(stored);
              void notify.alert(messageOf(e));
            },
          },
        );
      }}
    />
  );
}

/** The quick order line's memo, as typed there (docs/requirements.md#quick-order). */
function LineMemo({ line }: { line: CartLine }) {
  if (!line.memo) return null;
  return (
    <p className="cart-memo muted" data-testid="cart-memo">
      {t.memo} {line.memo}
    </p>
  );
}

function StockNote({ line }: { line: CartLine }) {
  const p = line.productInfo;
  if (p.hasAmount <= 0) return <span className="stock out">{T.shop.soldOut}</span>;
  if (line.qty > p.hasAmount) return <span className="stock out">{t.overStock(p.hasAmount, line.qty)}</span>;
  return <span className="stock in">{t.stockLeft(p.hasAmount)}</span>;
}

/**
 * A line's select box, named by its product; with `why`, a sold-out line says why it cannot be picked.
 * Its label is the target: 44 × 44 px on a phone around the 22 px box (docs/requirements.md#look-and-language).
 */
function LineSelect({
  line,
  checked,
  onToggle,
  why = false,
}: Pick<LineProps, 'line' | 'checked' | 'onToggle'> & { why?: boolean }) {
  const p = line.productInfo;
  return (
    <PickBox
      className="box-target"
      checked={checked}
      onToggle={() => onToggle(line)}
      label={t.selectLine(p.name)}
      title={why && p.hasAmount <= 0 ? t.soldOutWhy : undefined}
    />
  );
}

export function CartRow({ line, checked, onToggle, onQty, onRemove }: LineProps) {
  const p = line.productInfo;
  return (
    <tr className={checked ? 'row-checked' : undefined} data-testid="cart-line">
      <td className="center">
        <LineSelect line={line} checked={checked} onToggle={onToggle} why />
      </td>
      <td>
        <div className="cart-product">
          <img src={imageUrl(p.imgFiles[0])} alt="" width={56} height={56} />
          <div>
            <p className="cart-name">{p.name}</p>
            <p className="product-pid">
              {p.pid}
              {p.factoryNum && ` · ${p.factoryNum}`}
            </p>
            <StockNote line={line} />
            <FitsMyVehicles fits={line.fitsMyVehicles} />
            <LineJobRef line={line} />
            <LineMemo line={line} />
          </div>
        </div>
      </td>
      <td className="money">{money(p.price)}</td>
      <td className="center">
        <LineQty line={line} onQty={onQty} />
      </td>
      <td className="money strong" data-testid="line-amount">
        {money(p.price * line.qty)}
      </td>
      <td className="center">
        <button
          type="button"
          className="btn btn-small"
          onClick={() => onRemove(line)}
          aria-label={`${p.name} ${t.remove}`}
        >
          {t.remove}
        </button>
      </td>
    </tr>
  );
}

export function MobileCartLine({ line, checked, onToggle, onQty, onRemove }: LineProps) {
  const p = line.productInfo;
  return (
    <li className={`m-cart-line${checked ? ' row-checked' : ''}`} data-testid="cart-line">
      <div className="m-cart-top">
        <LineSelect line={line} checked={checked} onToggle={onToggle} />
        <img src={imageUrl(p.imgFiles[0])} alt="" width={64} height={64} />
        <div className="m-cart-info">
          <p className="cart-name">{p.name}</p>
          <p className="product-pid">{p.pid}</p>
          <StockNote line={line} />
          <FitsMyVehicles fits={line.fitsMyVehicles} />
          <LineJobRef line={line} />
          <LineMemo line={line} />
        </div>
        <button
          type="button"
          className="m-cart-remove"
          onClick={() => onRemove(line)}
          aria-label={`${p.name} ${t.remove}`}
        >
          ×
        </button>
      </div>
      <div className="m-cart-bottom">
        <LineQty line={line} onQty={onQty} />
        <span className="m-cart-amount">
          <small>
            {t.unitPrice} {won(p.price)}
          </small>
          <b data-testid="line-amount">{won(p.price * line.qty)}</b>
        </span>
      </div>
    </li>
  );
}
