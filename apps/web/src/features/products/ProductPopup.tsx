import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PRODUCT_TYPES, formatWon, warehouseLabel, type ProductView } from '@partsmall/contract';
import { useMallConfig } from '../../shared/mall-config';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { fetchProduct, imageUrl } from './api';
import { PriceOrHint } from './ProductCard';
import { usePurchaseActions } from './purchase';
import { QuantityPicker } from './QuantityPicker';

/** Locks the page behind a modal from scrolling while it is open (spec 1 §2). */
export function useScrollLock() {
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
}

export function qtyDisabledWhy(loggedIn: boolean, product: ProductView): string | null {
  if (!loggedIn) return T.shop.qtyDisabledVisitor;
  if (product.hasAmount <= 0) return T.shop.qtyDisabledSoldOut;
  return null;
}

/** The product popup of the home grid: 800×500, 550 high when the product has special notes. */
export function ProductPopup({ initial, onClose }: { initial: ProductView; onClose: () => void }) {
  const [product, setProduct] = useState(initial);
  const [image, setImage] = useState(0);
  const [qty, setQty] = useState(1);
  const { token } = useSession();
  const config = useMallConfig();
  const notify = useNotify();
  const actions = usePurchaseActions();
  useScrollLock();

  useEffect(() => {
    // Fresh stock and price when the popup opens.
    let live = true;
    void fetchProduct(initial.seq, 'api/getProductHomeDetail').then((p) => live && p && setProduct(p));
    return () => {
      live = false;
    };
  }, [initial.seq]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const disabledWhy = qtyDisabledWhy(token !== null, product);
  const height = product.detailInfo ? 550 : 500;
  const images = product.imgFiles.length ? product.imgFiles : [product.image];

  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        className="product-popup"
        role="dialog"
        aria-modal="true"
        aria-label={product.name}
        style={{ width: 800, height }}
        onClick={(e) => e.stopPropagation()}
      >
        <button type="button" className="popup-close" onClick={onClose} aria-label={T.common.close}>
          ×
        </button>
        <div className="popup-images">
          <img className="popup-main-img" src={imageUrl(images[image])} alt={product.name} width={300} height={300} />
          <div className="thumbs">
            {images.map((f, i) => (
              <button key={f + i} type="button" className={i === image ? 'active' : ''} onClick={() => setImage(i)}>
                <img src={imageUrl(f)} alt="" width={56} height={56} />
              </button>
            ))}
          </div>
        </div>
        <div className="popup-info">
          <p className="popup-type">{PRODUCT_TYPES[product.type]}</p>
          <h2>{product.name}</h2>
          <p className="popup-price">
            <PriceOrHint product={product} />
          </p>
          <dl className="spec-list">
            <dt>{T.shop.pid}</dt>
            <dd>{product.pid}</dd>
            <dt>{T.shop.factoryNum}</dt>
            <dd>{product.factoryNum || '-'}</dd>
            <dt>{T.shop.origin}</dt>
            <dd data-testid="origin">{warehouseLabel(product.stockName)}</dd>
            <dt>{T.shop.saleQty}</dt>
            <dd>{product.hasAmount > 0 ? `${product.hasAmount.toLocaleString('ko-KR')}개` : T.shop.soldOut}</dd>
          </dl>
          {product.detailInfo && (
            <p className="special-notes">
              <b>{T.shop.specialNotes}</b> {product.detailInfo}
            </p>
          )}
          <p className="buy-policy">{config?.buyPolicy}</p>
          <div className="popup-qty">
            <span>{T.shop.qty}</span>
            <QuantityPicker
              value={qty}
              stock={product.hasAmount}
              disabledWhy={disabledWhy}
              onChange={setQty}
              onClamped={(n) => notify.toast(T.shop.qtyClamped(n))}
            />
            {product.price !== undefined && <b className="line-total">{formatWon(product.price * qty)}</b>}
          </div>
          <div className="popup-actions">
            {product.hasAmount > 0 && (
              <button type="button" className="btn btn-primary" onClick={() => actions.buyNow(product, qty)}>
                {T.shop.buyNow}
              </button>
            )}
            <button
              type="button"
              className="btn"
              disabled={token !== null && product.hasAmount <= 0}
              title={token !== null && product.hasAmount <= 0 ? T.shop.qtyDisabledSoldOut : undefined}
              onClick={() => actions.addToCart(product, qty)}
            >
              {T.shop.addToCart}
            </button>
            <Link className="btn" to={`/productDetail/${product.seq}`}>
              {T.shop.detailPage}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
