import { warehouseLabel, type ProductHit, type ProductView } from '@partsmall/contract';
import { won } from '../../shared/format';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { imageUrl } from '../../shared/images';
import { HeartButton } from '../favorites';
import './products.css';

/** The price the member is charged, VAT included, the same on every screen. */
export function PriceOrHint({ product }: { product: ProductView }) {
  const { userInfo } = useSession();
  if (product.price === undefined)
    return <span className="login-hint">{userInfo ? T.shop.companyPriceOnly : T.shop.loginForPrice}</span>;
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

/**
 * Why a search row came up (docs/search.md#one-box): '대체품번 (이전 번호 A → B → 현재 C)', '호환품번',
 * '품번 일치 (MANN HU 816 X)', '동의어 (쇼바 → 쇼크업소버)' or '비슷한 이름 (헤드렘프 → 헤드램프)'.
 * Nothing for a plain listing or a name found as typed.
 */
export function MatchReason({ reason }: { reason: string | undefined }) {
  if (!reason) return null;
  return (
    <span className="match-reason" data-testid="match-reason">
      {reason}
    </span>
  );
}

export function ProductCard({
  product,
  onOpen,
  eager = false,
}: {
  product: ProductHit;
  onOpen: (p: ProductHit) => void;
  eager?: boolean;
}) {
  return (
    <li className="product-card">
      {/* No aria-label: the name read is the card's text (name, part number, stock, price), as seen. */}
      <button type="button" className="product-card-btn" onClick={() => onOpen(product)}>
        <img src={imageUrl(product.image)} alt="" loading={eager ? 'eager' : 'lazy'} width={200} height={200} />
        <span className="product-name">{product.name}</span>
        <span className="product-pid">{product.pid}</span>
        <MatchReason reason={product.matchReason} />
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
