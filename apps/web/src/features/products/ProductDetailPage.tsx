import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PRODUCT_TYPES, formatWon, warehouseLabel, type ProductView } from '@partsmall/contract';
import { isPhoneBrowser } from '../../shared/device';
import { useMallConfig } from '../../shared/mall-config';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { fetchProduct, imageUrl } from './api';
import { PriceOrHint } from './ProductCard';
import { qtyDisabledWhy } from './ProductPopup';
import { usePurchaseActions } from './purchase';
import { QuantityPicker } from './QuantityPicker';

/** Sets title, description, Open Graph and canonical tags for the product; restores them when left. */
function useProductMeta(product: ProductView | null) {
  useEffect(() => {
    if (!product) return;
    const previousTitle = document.title;
    const url = `${window.location.origin}/productDetail/${product.seq}`;
    const description = `${product.name} · 순정품번 ${product.pid} · ${product.description ?? ''}`.slice(0, 160);
    const tags: HTMLElement[] = [];
    const meta = (attr: 'name' | 'property', key: string, content: string) => {
      let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
      if (!el) {
        el = document.createElement('meta');
        el.setAttribute(attr, key);
        document.head.appendChild(el);
        tags.push(el);
      }
      el.content = content;
    };
    document.title = `${product.name} (${product.pid}) - ${T.brand}`;
    meta('name', 'description', description);
    meta('property', 'og:type', 'product');
    meta('property', 'og:title', product.name);
    meta('property', 'og:description', description);
    meta('property', 'og:image', new URL(imageUrl(product.image), window.location.origin).toString());
    meta('property', 'og:url', url);
    let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonical) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      document.head.appendChild(canonical);
      tags.push(canonical);
    }
    canonical.href = url;
    return () => {
      document.title = previousTitle;
      for (const t of tags) t.remove();
    };
  }, [product]);
}

export function ProductDetailPage() {
  const { id } = useParams();
  const seq = Number(id);
  const [product, setProduct] = useState<ProductView | null>(null);
  const [missing, setMissing] = useState(false);
  const [image, setImage] = useState(0);
  const [qty, setQty] = useState(1);
  const { token } = useSession();
  const config = useMallConfig();
  const notify = useNotify();
  // The product page adds to the cart with a plain call, not the trade socket (spec 1 §4).
  const actions = usePurchaseActions(false, 'http');
  useProductMeta(product);

  useEffect(() => {
    if (!Number.isInteger(seq) || seq < 1) {
      setMissing(true);
      return;
    }
    let live = true;
    void fetchProduct(seq).then((p) => {
      if (!live) return;
      setProduct(p);
      setMissing(p === null);
    });
    return () => {
      live = false;
    };
  }, [seq, token]);

  if (missing) {
    return (
      <section className="page narrow">
        <p>{T.common.empty}</p>
        <Link className="btn" to="/home">
          {T.common.home}
        </Link>
      </section>
    );
  }
  if (!product) return <div className="page center"><span className="spinner" aria-label={T.common.loading} /></div>;

  const images = product.imgFiles.length ? product.imgFiles : [product.image];
  const phone = isPhoneBrowser();
  return (
    <article className="page product-detail">
      <div className="pd-gallery">
        <img className="pd-main" src={imageUrl(images[image])} alt={product.name} width={460} height={460} />
        <div className="thumbs">
          {images.map((f, i) => (
            <button key={f + i} type="button" className={i === image ? 'active' : ''} onClick={() => setImage(i)}>
              <img src={imageUrl(f)} alt={`${product.name} 이미지 ${i + 1}`} width={64} height={64} />
            </button>
          ))}
        </div>
      </div>
      <div className="pd-info">
        <p className="popup-type">{PRODUCT_TYPES[product.type]}</p>
        <h1>{product.name}</h1>
        <p className="pd-price">
          <PriceOrHint product={product} />
        </p>
        <dl className="spec-list">
          <dt>{T.shop.pid}</dt>
          <dd>{product.pid}</dd>
          <dt>{T.shop.factoryNum}</dt>
          <dd>{product.factoryNum || '-'}</dd>
          <dt>{T.shop.origin}</dt>
          <dd>{warehouseLabel(product.stockName)}</dd>
          <dt>{T.shop.saleQty}</dt>
          <dd>{product.hasAmount > 0 ? `${product.hasAmount.toLocaleString('ko-KR')}개` : T.shop.soldOut}</dd>
          <dt>{T.shop.specialNotes}</dt>
          <dd>{product.detailInfo || T.shop.noNotes}</dd>
          <dt>{T.shop.deliveryMethods}</dt>
          <dd>
            {[T.shop.delivery.courier, T.shop.delivery.quick, T.shop.delivery.freight, ...(phone ? [T.shop.delivery.parcel] : [])].join(' · ')}
          </dd>
        </dl>
        <p className="buy-policy">
          <b>{T.shop.purchaseNotice}</b> {config?.buyPolicy}
        </p>
        <div className="popup-qty">
          <span>{T.shop.qty}</span>
          <QuantityPicker
            value={qty}
            stock={product.hasAmount}
            disabledWhy={qtyDisabledWhy(token !== null, product)}
            onChange={setQty}
            onClamped={(n) => notify.toast(T.shop.qtyClamped(n))}
          />
          {product.price !== undefined && (
            <span className="line-total">
              {T.shop.lineTotal} <b data-testid="line-total">{formatWon(product.price * qty)}</b>
            </span>
          )}
        </div>
        <div className="popup-actions">
          {token ? (
            <>
              <button type="button" className="btn" onClick={() => actions.chatInquiry(product, qty)}>
                {T.shop.chatInquiry}
              </button>
              {product.hasAmount > 0 && (
                <button type="button" className="btn btn-primary" onClick={() => actions.buyNow(product, qty)}>
                  {T.shop.buyNow}
                </button>
              )}
              <button
                type="button"
                className="btn"
                disabled={product.hasAmount <= 0}
                title={product.hasAmount <= 0 ? T.shop.qtyDisabledSoldOut : undefined}
                onClick={() => actions.addToCart(product, qty)}
              >
                {T.shop.addToCart}
              </button>
            </>
          ) : (
            <>
              <Link className="btn btn-primary" to="/login">
                {T.topBar.login}
              </Link>
              <Link className="btn" to="/join">
                {T.topBar.join}
              </Link>
            </>
          )}
        </div>
      </div>
      <section className="pd-description">
        <h2>{T.shop.description}</h2>
        <p>{product.description || T.shop.noNotes}</p>
      </section>
    </article>
  );
}
