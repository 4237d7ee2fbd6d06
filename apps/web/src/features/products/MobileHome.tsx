import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PRODUCT_CATEGORIES, formatWon, warehouseLabel, withVat, type ProductView } from '@partsmall/contract';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { imageUrl, type SearchType } from './api';
import { PriceOrHint, StockState } from './ProductCard';
import { qtyDisabledWhy, useScrollLock } from './ProductPopup';
import { usePurchaseActions } from './purchase';
import { QuantityPicker } from './QuantityPicker';
import { SearchBar } from './SearchBar';
import { useProductGrid } from './useProductGrid';

/** Mobile home: links, search toggle, the eleven category shortcuts, list, and a detail slide. */
export function MobileHome() {
  const [params, setParams] = useSearchParams();
  const searchType: SearchType = params.get('searchType') === 'pid' ? 'pid' : 'name';
  const keyword = (params.get('keyword') ?? '').slice(0, 200);
  const category = params.get('category') ?? '';
  const [searchOpen, setSearchOpen] = useState(params.get('search') === '1' || keyword !== '');
  const grid = useProductGrid(searchType, keyword, category);
  const [open, setOpen] = useState<ProductView | null>(null);
  const { userInfo } = useSession();
  const notify = useNotify();

  useEffect(() => {
    if (params.get('search') === '1') setSearchOpen(true);
  }, [params]);
  useEffect(() => {
    if (keyword && grid.firstCount === 0) void notify.alert(T.common.empty);
  }, [keyword, grid.firstCount, notify]);

  const search = (type: SearchType, kw: string) => setParams(kw ? { searchType: type, keyword: kw } : {});
  const pickCategory = (key: string) => setParams(key === category ? {} : { category: key });

  return (
    <div className="m-home">
      <nav className="m-top-links">
        <Link to="/noticem">{T.topBar.notice}</Link>
        <Link to="/mobileInquiry">{T.topBar.inquiry}</Link>
        <Link to="/mobileMap">{T.footer.map}</Link>
        {userInfo ? <Link to="/mobileManagement">{T.topBar.management}</Link> : <Link to="/mobileJoin">{T.topBar.join}</Link>}
        <button type="button" className="link search-toggle" aria-expanded={searchOpen} onClick={() => setSearchOpen((v) => !v)}>
          {T.shop.search}
        </button>
      </nav>
      {searchOpen && <SearchBar compact searchType={searchType} keyword={keyword} onSearch={search} />}
      <ul className="m-categories" aria-label={T.shop.categories}>
        {PRODUCT_CATEGORIES.map((c) => (
          <li key={c.key}>
            <button type="button" className={c.key === category ? 'active' : ''} onClick={() => pickCategory(c.key)}>
              <img src={`/uploads/products/${c.key}-1.svg`} alt="" width={44} height={44} />
              {c.label}
            </button>
          </li>
        ))}
      </ul>
      <ul className="m-list" aria-busy={grid.loading}>
        {grid.items.map((p) => (
          <li key={p.seq}>
            <button type="button" className="m-item" onClick={() => setOpen(p)}>
              <img src={imageUrl(p.image)} alt="" width={72} height={72} loading="lazy" />
              <span className="m-item-body">
                <span className="product-name">{p.name}</span>
                <span className="product-pid">
                  {p.pid} · {warehouseLabel(p.stockName)}
                </span>
                <span className="m-item-foot">
                  <PriceOrHint product={p} vat />
                  <StockState product={p} />
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {!grid.loading && grid.items.length === 0 && <p className="empty">{T.common.empty}</p>}
      <div className="grid-footer">
        {grid.loading ? (
          <span className="spinner" aria-label={T.common.loading} />
        ) : (
          !grid.ended && (
            <button type="button" className="btn btn-block" onClick={grid.loadMore}>
              {T.shop.more}
            </button>
          )
        )}
      </div>
      {open && <MobileDetailSlide product={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function MobileDetailSlide({ product, onClose }: { product: ProductView; onClose: () => void }) {
  const [qty, setQty] = useState(1);
  const { token } = useSession();
  const notify = useNotify();
  const actions = usePurchaseActions(true);
  useScrollLock();
  return (
    <div className="m-slide-backdrop" onClick={onClose}>
      <section className="m-slide" role="dialog" aria-modal="true" aria-label={product.name} onClick={(e) => e.stopPropagation()}>
        <header>
          <button type="button" className="link" onClick={onClose} aria-label={T.common.close}>
            ← {T.common.close}
          </button>
        </header>
        <img src={imageUrl(product.image)} alt={product.name} className="m-slide-img" />
        <h2>{product.name}</h2>
        <p className="pd-price">
          <PriceOrHint product={product} vat />
        </p>
        <dl className="spec-list">
          <dt>{T.shop.pid}</dt>
          <dd>{product.pid}</dd>
          <dt>{T.shop.factoryNum}</dt>
          <dd>{product.factoryNum || '-'}</dd>
          <dt>{T.shop.origin}</dt>
          <dd>{warehouseLabel(product.stockName)}</dd>
          <dt>{T.shop.saleQty}</dt>
          <dd>{product.hasAmount > 0 ? `${product.hasAmount}개` : T.shop.soldOut}</dd>
          <dt>{T.shop.specialNotes}</dt>
          <dd>{product.detailInfo || T.shop.noNotes}</dd>
        </dl>
        <div className="popup-qty">
          <QuantityPicker
            value={qty}
            stock={product.hasAmount}
            disabledWhy={qtyDisabledWhy(token !== null, product)}
            onChange={setQty}
            onClamped={(n) => notify.toast(T.shop.qtyClamped(n))}
          />
          {product.price !== undefined && <b className="line-total">{formatWon(withVat(product.price) * qty)}</b>}
        </div>
        <div className="m-slide-actions">
          {product.hasAmount > 0 && (
            <button type="button" className="btn btn-primary" onClick={() => actions.buyNow(product, qty)}>
              {T.shop.buyNow}
            </button>
          )}
          <button type="button" className="btn" onClick={() => actions.addToCart(product, qty)}>
            {T.shop.addToCart}
          </button>
        </div>
      </section>
    </div>
  );
}
