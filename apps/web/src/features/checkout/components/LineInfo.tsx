import { count, won } from '../../../shared/format';
import { T } from '../../../shared/texts';
import '../checkout.css';

/** A paid or to-be-paid line: name, part number, unit price × quantity, and the amount. */
export function LineInfo({ name, pid, price, qty }: { name: string; pid: string; price: number; qty: number }) {
  return (
    <>
      <div className="co-item-info">
        <p className="cart-name">{name}</p>
        <p className="product-pid">{pid}</p>
      </div>
      <span className="co-item-qty">
        {won(price)} × {T.common.pieces(count(qty))}
      </span>
      <b className="co-item-amount">{won(price * qty)}</b>
    </>
  );
}
