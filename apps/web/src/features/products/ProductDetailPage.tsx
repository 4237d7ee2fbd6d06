import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { cutText, type ProductView } from '@partsmall/contract';
import { isPhoneBrowser } from '../../shared/device';
import { useMallConfig } from '../../shared/mall-config';
import { PATHS } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { Loading } from '../../shared/ui/states';
import { BuyButtons, Gallery, ProductHead, ProductSpecs, QtyLine } from './components/ProductDetail';
import { MatchReason } from './ProductCard';
import { usePurchaseActions } from './purchase';
import { imageUrl } from '../../shared/images';
import { productQuery, productSeq } from './api';
import './products.css';

/** Sets title, description, Open Graph and canonical tags for the product; restores them when left. */
function useProductMeta(product: ProductView | undefined) {
  useEffect(() => {
    if (!product) return;
    const previousTitle = document.title;
    const url = `${window.location.origin}/productDetail/${product.seq}`;
    const description = cutText(T.shop.metaDescription(product.name, product.pid, product.description ?? ''), 160);
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
  const seq = productSeq(useParams().id);
  // Why the search showed it, when the buyer came from a search's popup.
  const state: unknown = useLocation().state;
  const why =
    state && typeof state === 'object' && 'why' in state && typeof state.why === 'string' ? state.why : undefined;
  const query = useQuery({ ...productQuery(seq ?? 0), enabled: seq !== null });
  const product = query.data;
  const [qty, setQty] = useState(1);
  const { token } = useSession();
  const config = useMallConfig();
  // The product page adds to the cart with a plain call, not the trade socket (docs/requirements.md#cart-and-checkout).
  const actions = usePurchaseActions(false, 'http');
  useProductMeta(product);

  if (seq === null || query.isError) {
    return (
      <section className="page narrow">
        <p>{T.common.empty}</p>
        <Link className="btn" to={PATHS.home[0]}>
          {T.common.home}
        </Link>
      </section>
    );
  }
  if (!product) return <Loading className="page center" />;

  const phone = isPhoneBrowser();
  return (
    <article className="page product-detail">
      <Gallery product={product} className="pd-gallery" main={460} thumb={64} />
      <div className="pd-info">
        <ProductHead product={product} heading="h1" />
        <MatchReason reason={why} />
        <ProductSpecs product={product} notes>
          <dt>{T.shop.deliveryMethods}</dt>
          <dd>
            {[
              T.shop.delivery.courier,
              T.shop.delivery.quick,
              T.shop.delivery.freight,
              ...(phone ? [T.shop.delivery.parcel] : []),
            ].join(' · ')}
          </dd>
        </ProductSpecs>
        <p className="buy-policy">
          <b>{T.shop.purchaseNotice}</b> {config?.buyPolicy}
        </p>
        <QtyLine product={product} qty={qty} onQty={setQty} />
        <div className="popup-actions">
          {token ? (
            <>
              <button type="button" className="btn" onClick={() => actions.chatInquiry(product, qty)}>
                {T.shop.chatInquiry}
              </button>
              <BuyButtons product={product} qty={qty} actions={actions} />
            </>
          ) : (
            <>
              <Link className="btn btn-primary" to={PATHS.login[0]}>
                {T.topBar.login}
              </Link>
              <Link className="btn" to={PATHS.join[0]}>
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
