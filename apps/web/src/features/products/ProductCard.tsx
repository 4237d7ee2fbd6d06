import { warehouseLabel, type ProductView } from '@partsmall/contract';
import { won } from '../../shared/format';
import { T } from '../../shared/texts';
import { imageUrl } from './api';
import { HeartButton } from '../favorites';

/** The price the member is charged, VAT included, the same on every screen. */
export function PriceOrHint({ product }: { product: ProductView }) {
  if (product.price === undefined) return <span className="login-hint">{T.shop.loginForPrice}</span>;
  return (
    <span className="price" data-testid="price">
      {won(product.price)}
    </span>
  );
}

export function StockState({ product }: { product: ProductView }) {
  return product.hasAmount > 0 ? (
    <span className="stock in">{T.shop.inStock(product.hasAmount)}</span>
  ) : (
    <span className="stock out">{T.shop.soldOut}</span>
  );
}

export function ProductCard({
  product,
  onOpen,
  eager = false,
}: {
  product: ProductView;
  onOpen: (p: ProductView) => void;
  eager?: boolean;
}) {
  return (
    <li className="product-card">
      {/* No aria-label: the name read is the card's text (name, part number, stock, price), as seen. */}
      <button type="button" className="product-card-btn" onClick={() => onOpen(product)}>
        <img src={imageUrl(product.image)} alt="" loading={eager ? 'eager' : 'lazy'} width={200} height={200} />
        <span className="product-name">{product.name}</span>
        <span className="product-pid">{product.pid}</span>
        <span className="product-meta">
          <span className={`warehouse wh-${product.storageId}`}>{warehouseLabel(product.stockName)}</span>
          <StockState product={product} />
        </span>
        <PriceOrHint product={product} />
      </button>
      {/* Beside the card's button, not in it: a button holds no other button. */}
      <HeartButton productId={product.seq} name={product.name} />
    </li>
  );
}
