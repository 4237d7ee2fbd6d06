import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG_ORDER, warehouseLabel, type EpcPartProduct } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { count, won } from '../../../shared/format';
import { pathFor } from '../../../shared/paths';
import { T } from '../../../shared/texts';
import { useNotify } from '../../../shared/ui/notify';
import { QuantityPicker } from '../../../shared/ui/QuantityPicker';
import { handDraftTo, paymentStore } from '../../cart';
import { HeartButton, RestockButton } from '../../favorites';
import { useAddPartToCart, useBuyPartNow } from '../api';
import { TE } from '../texts';

/**
 * One shop product of a part: tier price, stock, warehouse, quantity, add to cart, buy now. The
 * quantity is the shop's picker (docs/requirements.md#shop-screens): the box can be emptied and holds
 * what is typed, and more than the stock is brought down to it and said (the row's own box put 1
 * back on Backspace, so a 5 typed next made 15, and cut 20 to the stock without a word).
 */
export function ProductLine({
  product,
  vin,
  mobile,
  onQty,
}: {
  product: EpcPartProduct;
  vin: string;
  mobile: boolean;
  onQty(qty: number): void;
}) {
  const [qty, setQtyState] = useState(1);
  const setQty = (n: number) => {
    setQtyState(n);
    onQty(n);
  };
  const notify = useNotify();
  const navigate = useNavigate();
  const add = useAddPartToCart();
  const buy = useBuyPartNow();
  const busy = add.isPending || buy.isPending;
  const soldOut = product.hasAmount <= 0;
  const form = {
    productId: product.seq,
    hasAmount: qty,
    price: product.price,
    originHasAmount: product.hasAmount,
    companyId: product.companyId,
    vin,
  };
  const addToCart = () =>
    add.mutate(form, {
      // The cart keeps one line per product, for the vehicle it was first put in for
      // (docs/requirements.md#catalogue-screens): the buyer is told when that is another one.
      onSuccess: (keptVin) =>
        keptVin ? void notify.alert(TE.addedToOtherVehicle(keptVin)) : notify.toast(MSG_ORDER.addedToCart),
      onError: (e) => void notify.alert(messageOf(e)),
    });
  const buyNow = () =>
    buy.mutate(form, {
      onSuccess: (items) => {
        const draft = { source: 'buy' as const, items };
        const opener = !mobile && window.opener && window.opener !== window ? (window.opener as Window) : null;
        // From the popup the checkout opens in the shop's window (buy now goes to checkout).
        if (opener && handDraftTo(opener, draft)) {
          opener.location.assign(pathFor('checkout', false));
          opener.focus();
          return;
        }
        paymentStore.clearFinished();
        paymentStore.setDraft(draft);
        navigate(pathFor('checkout', mobile));
      },
      onError: (e) => void notify.alert(messageOf(e)),
    });
  return (
    <div className="epc-product" data-testid="epc-product">
      <div className="epc-product-name">{product.name}</div>
      <div className="epc-product-facts">
        <strong>{won(product.price)}</strong>
        <span>
          {TE.stock} {count(product.hasAmount)}
        </span>
        <span>{warehouseLabel(product.stockName)}</span>
      </div>
      <div className="epc-product-buy">
        <QuantityPicker
          value={qty}
          stock={product.hasAmount}
          disabledWhy={soldOut ? T.shop.qtyDisabledSoldOut : null}
          onChange={setQty}
          onClamped={(n) => notify.toast(T.shop.qtyClamped(n))}
        />
        <button type="button" className="btn btn-small" disabled={busy || soldOut} onClick={addToCart}>
          {TE.addToCart}
        </button>
        <button type="button" className="btn btn-small btn-primary" disabled={busy || soldOut} onClick={buyNow}>
          {TE.buyNow}
        </button>
        <RestockButton productId={product.seq} stock={product.hasAmount} className="btn btn-small" />
        <HeartButton productId={product.seq} name={product.name} />
      </div>
    </div>
  );
}
