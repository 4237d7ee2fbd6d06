import { useState, type ReactNode } from 'react';
import { PRODUCT_TYPES, warehouseLabel, type ProductView } from '@partsmall/contract';
import { count, won } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { T } from '../../../shared/texts';
import { useNotify } from '../../../shared/ui/notify';
import { VatSplit } from '../../../shared/ui/VatSplit';
import { PriceOrHint } from '../ProductCard';
import type { PurchaseActions } from '../purchase';
import { QuantityPicker } from '../../../shared/ui/QuantityPicker';
import { imageUrl } from '../../../shared/images';
import { VEHICLE_TEXTS } from '../../vehicles';
import { HeartButton, RestockButton } from '../../favorites';
import '../products.css';

/** The blocks of a product's detail shown by the home popup, the product page and the mobile slide. */

export function qtyDisabledWhy(loggedIn: boolean, product: ProductView): string | null {
  if (!loggedIn) return T.shop.qtyDisabledVisitor;
  if (product.hasAmount <= 0) return T.shop.qtyDisabledSoldOut;
  return null;
}

/** Main image and thumbnails; a thumbnail picks the main image. */
export function Gallery({
  product,
  className,
  main,
  thumb,
  labelThumbs = true,
}: {
  product: ProductView;
  className: string;
  main: number;
  thumb: number;
  labelThumbs?: boolean;
}) {
  const [picked, setPicked] = useState(0);
  const images = product.imgFiles.length ? product.imgFiles : [product.image];
  return (
    <div className={className}>
      <img className="gallery-main" src={imageUrl(images[picked])} alt={product.name} width={main} height={main} />
      <div className="thumbs">
        {images.map((f, i) => (
          <button
            key={f + i}
            type="button"
            className={i === picked ? 'active' : ''}
            aria-pressed={i === picked}
            // Unlabelled pictures (the popup names its product once) leave the button its own name.
            aria-label={labelThumbs ? undefined : T.shop.thumb(i + 1)}
            onClick={() => setPicked(i)}
          >
            <img
              src={imageUrl(f)}
              alt={labelThumbs ? T.shop.imageAlt(product.name, i + 1) : ''}
              width={thumb}
              height={thumb}
            />
          </button>
        ))}
      </div>
    </div>
  );
}

/** Type, name and price above the specs. */
export function ProductHead({ product, heading: Heading = 'h2' }: { product: ProductView; heading?: 'h1' | 'h2' }) {
  return (
    <>
      <p className="popup-type">{PRODUCT_TYPES[product.type]}</p>
      <Heading>{product.name}</Heading>
      <p className="pd-price">
        <PriceOrHint product={product} />
      </p>
    </>
  );
}

/** Part numbers, shipping origin, quantity for sale, and optionally the special notes. */
export function ProductSpecs({
  product,
  notes = false,
  children,
}: {
  product: ProductView;
  notes?: boolean;
  children?: ReactNode;
}) {
  return (
    <dl className="spec-list">
      <dt>{T.shop.pid}</dt>
      <dd>{product.pid}</dd>
      <dt>{T.shop.factoryNum}</dt>
      <dd>{product.factoryNum || '-'}</dd>
      <dt>{T.shop.origin}</dt>
      <dd data-testid="origin">{warehouseLabel(product.stockName)}</dd>
      <dt>{T.shop.saleQty}</dt>
      <dd>{product.hasAmount > 0 ? T.common.pieces(count(product.hasAmount)) : T.shop.soldOut}</dd>
      {product.fitsMyVehicles && product.fitsMyVehicles.length > 0 && (
        <>
          <dt>{VEHICLE_TEXTS.fits}</dt>
          <dd className="fits-mine" data-testid="fits-my-vehicles">
            {VEHICLE_TEXTS.fitsLine(product.fitsMyVehicles)}
          </dd>
        </>
      )}
      {notes && (
        <>
          <dt>{T.shop.specialNotes}</dt>
          <dd>{product.detailInfo || T.shop.noNotes}</dd>
        </>
      )}
      {children}
    </dl>
  );
}

/**
 * Buy now (offered only with stock) and add to cart (refused for a sold-out product
 * when `soldOutBlocks`).
 */
export function BuyButtons({
  product,
  qty,
  actions,
  soldOutBlocks = true,
}: {
  product: ProductView;
  qty: number;
  actions: PurchaseActions;
  soldOutBlocks?: boolean;
}) {
  const soldOut = soldOutBlocks && product.hasAmount <= 0;
  return (
    <>
      {product.hasAmount > 0 && (
        <button type="button" className="btn btn-primary" onClick={() => actions.buyNow(product, qty)}>
          {T.shop.buyNow}
        </button>
      )}
      {/* Sold out: no 장바구니 (the cart would refuse it), the restock request instead. */}
      {!soldOut && (
        <button type="button" className="btn" onClick={() => actions.addToCart(product, qty)}>
          {T.shop.addToCart}
        </button>
      )}
      <RestockButton productId={product.seq} stock={product.hasAmount} />
      <HeartButton productId={product.seq} name={product.name} withLabel />
    </>
  );
}

/** Quantity from 1 up to stock and the line total, the amount charged, with its 공급가액/세액. */
export function QtyLine({ product, qty, onQty }: { product: ProductView; qty: number; onQty: (n: number) => void }) {
  const { token } = useSession();
  const notify = useNotify();
  const unit = product.price;
  return (
    <div className="popup-qty">
      <span>{T.shop.qty}</span>
      <QuantityPicker
        value={qty}
        stock={product.hasAmount}
        disabledWhy={qtyDisabledWhy(token !== null, product)}
        onChange={onQty}
        onClamped={(n) => notify.toast(T.shop.qtyClamped(n))}
      />
      {unit !== undefined && (
        <span className="line-total">
          {T.shop.lineTotal} <b data-testid="line-total">{won(unit * qty)}</b>
          <VatSplit total={unit * qty} />
        </span>
      )}
    </div>
  );
}
