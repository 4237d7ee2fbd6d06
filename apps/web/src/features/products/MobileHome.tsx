import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { PRODUCT_CATEGORIES, isStaffRole, warehouseLabel, type ProductHit } from '@partsmall/contract';
import { MOBILE_EPC_PATH, STAFF_CONSOLE_PATH, pathFor } from '../../shared/paths';
import { hasAppEntryBehind } from '../../shared/history-entry';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useDialogLayer, useScrollLock } from '../../shared/ui/Modal';
import { Spinner } from '../../shared/ui/states';
import { Glyph } from '../../shared/ui/Glyph';
import { MatchReason, PriceOrHint, StockState } from './ProductCard';
import { BuyButtons, ProductHead, ProductSpecs, QtyLine } from './components/ProductDetail';
import { EmptyGrid } from './components/EmptyGrid';
import { usePurchaseActions } from './purchase';
import { imageUrl } from '../../shared/images';
import { productKeys, productQuery, useProductGrid, type SearchType } from './api';
import { useGridAddress } from './grid-address';
import { SearchBar, useNoResultAlert } from './SearchBar';
import { VehicleFilter } from '../vehicles';
import './products.css';

/** Pictures of the first screenful load at once (the largest paint); the rest when scrolled near. */
const EAGER_PICTURES = 6;

/** Mobile home: links, search toggle, the eleven category shortcuts, list, and a detail slide. */
export function MobileHome() {
  const { params, query, setAddress, navigating } = useGridAddress(true);
  const { searchType, keyword } = query;
  const category = query.category ?? '';
  // The bottom bar's search icon opens the search (?search=1), as does a search in the URL.
  // A toggle holds until the link is used again (a new ?search value).
  const searchParam = params.get('search');
  const [toggled, setToggled] = useState<{ param: string | null; open: boolean } | null>(null);
  const searchOpen = toggled && toggled.param === searchParam ? toggled.open : searchParam === '1' || keyword !== '';
  const grid = useProductGrid(query);
  // The list is drawn in a deferred render, which React splits into short slices, so a page of
  // 60 products arriving does not hold the main thread in one long task (Total Blocking Time).
  const items = useDeferredValue(grid.items);
  const { open, openSlide, closeSlide } = useDetailSlide();
  const { userInfo } = useSession();
  useNoResultAlert(keyword, grid.firstCount);

  const queryClient = useQueryClient();
  const search = (type: SearchType, kw: string) => {
    const next = new URLSearchParams(kw ? { searchType: type, keyword: kw } : {});
    // The same search again asks for the list afresh (stock and prices change): its address is the
    // same, for which the route's loader does not run again (routes.tsx: the slide's entries).
    if (next.toString() === params.toString())
      void queryClient.refetchQueries({ queryKey: productKeys.grid(query), exact: true });
    else setAddress(next);
  };
  const fitsVin = query.fitsVin ?? '';
  const showCategory = (key: string) =>
    setAddress({ ...(key ? { category: key } : {}), ...(fitsVin ? { fitsVin } : {}) });
  // A shortcut tapped again shows every category.
  const pickCategory = (key: string) => showCategory(key === category ? '' : key);

  return (
    <div className="m-home">
      <nav className="m-top-links">
        <Link to={pathFor('notice', true)}>{T.topBar.notice}</Link>
        <Link to={pathFor('inquiry', true)}>{T.topBar.inquiry}</Link>
        <Link to={pathFor('map', true)}>{T.footer.map}</Link>
        {userInfo?.companyInfo && <Link to={MOBILE_EPC_PATH}>{T.topBar.epc}</Link>}
        {isStaffRole(userInfo?.role) ? (
          <Link to={STAFF_CONSOLE_PATH}>{T.topBar.staffConsole}</Link>
        ) : userInfo ? (
          <Link to={pathFor('management', true)}>{T.topBar.management}</Link>
        ) : (
          <Link to={pathFor('join', true)}>{T.topBar.join}</Link>
        )}
        <button
          type="button"
          className="link search-toggle"
          aria-expanded={searchOpen}
          onClick={() => setToggled({ param: searchParam, open: !searchOpen })}
        >
          {T.shop.search}
        </button>
      </nav>
      {searchOpen && (
        <SearchBar compact searchType={searchType} keyword={keyword} onSearch={search} onCategory={showCategory} />
      )}
      {userInfo?.companyInfo && (
        <VehicleFilter
          value={query.fitsVin ?? ''}
          onChange={(vin) =>
            setAddress(vin ? { ...(category ? { category } : {}), fitsVin: vin } : category ? { category } : {})
          }
        />
      )}
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
      {grid.error && <p className="notice-warn">{grid.error}</p>}
      {/* Busy from the tap until the deferred render has drawn the answer: the list keeps its space till then. */}
      <ul className="m-list" aria-busy={navigating || grid.loading || items !== grid.items}>
        {items.map((p, i) => (
          <li key={p.seq}>
            <button type="button" className="m-item" onClick={() => openSlide(p)}>
              <img
                src={imageUrl(p.image)}
                alt=""
                width={72}
                height={72}
                loading={i < EAGER_PICTURES ? 'eager' : 'lazy'}
              />
              <span className="m-item-body">
                <span className="product-name">{p.name}</span>
                <span className="product-pid">
                  {p.pid} · {warehouseLabel(p.stockName)}
                </span>
                <MatchReason reason={p.matchReason} />
                <span className="m-item-foot">
                  <PriceOrHint product={p} />
                  <StockState product={p} />
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <EmptyGrid grid={grid} keyword={keyword} category={category} onSearch={(kw) => search(searchType, kw)} />
      <div className="grid-footer">
        {grid.loading ? (
          <Spinner label={T.common.loading} />
        ) : (
          !grid.ended && (
            <button type="button" className="btn btn-block" onClick={grid.loadMore}>
              {T.shop.more}
            </button>
          )
        )}
      </div>
      {open && <MobileDetailSlide product={open} onClose={closeSlide} />}
    </div>
  );
}

/**
 * The open detail slide lives in a history entry of its own (the router's state of the same address),
 * only ever pushed over its list: the phone's Back closes it and stays on the list, as a phone's
 * panels do; it used to leave the page. 닫기 goes back the same way, also when the slide was reached
 * by a reload or by Back from the cart (closing it in place there left the list twice in the history,
 * and the next Back seemed to do nothing). As in any browser, the entry gone back from stays ahead:
 * Forward opens the slide again, with the product as listed (the slide asks for its stock and price afresh).
 * The list's address opened anew starts without the slide (`forgetStateOfEarlierVisit`, main.tsx).
 */
function useDetailSlide() {
  const location = useLocation();
  const navigate = useNavigate();
  // Once per entry: a second tap before the Back lands would leave the list as well.
  const closing = useRef(false);
  useEffect(() => {
    closing.current = false;
  }, [location.key]);
  const open = (location.state as { slide?: ProductHit } | null)?.slide ?? null;
  const openSlide = (p: ProductHit) =>
    void navigate(
      { pathname: location.pathname, search: location.search },
      { state: { slide: p }, preventScrollReset: true },
    );
  const closeSlide = () => {
    if (closing.current) return;
    closing.current = true;
    // A restored tab may start on the slide's entry: Back would leave the shop, so it closes in place.
    if (hasAppEntryBehind()) void navigate(-1);
    else
      void navigate(
        { pathname: location.pathname, search: location.search },
        { replace: true, preventScrollReset: true },
      );
  };
  return { open, openSlide, closeSlide };
}

function MobileDetailSlide({ product: initial, onClose }: { product: ProductHit; onClose: () => void }) {
  // As the desktop popup: fresh stock and price, and the company's vehicles it fits
  // (docs/requirements.md#my-vehicles); the list's copy shows meanwhile.
  const product =
    useQuery({ ...productQuery(initial.seq, 'getProductHomeDetail'), placeholderData: initial }).data ?? initial;
  const [qty, setQty] = useState(1);
  const actions = usePurchaseActions(true);
  const { token } = useSession();
  useScrollLock();
  const layer = useDialogLayer<HTMLElement>(product.name, onClose);
  return (
    <div className="m-slide-backdrop" onClick={onClose}>
      <section {...layer} className="m-slide" onClick={(e) => e.stopPropagation()}>
        <header>
          <button type="button" className="link" onClick={onClose}>
            <Glyph symbol="← " />
            {T.common.close}
          </button>
        </header>
        <img src={imageUrl(product.image)} alt={product.name} className="m-slide-img" />
        <ProductHead product={product} />
        <MatchReason reason={initial.matchReason} />
        <ProductSpecs product={product} notes />
        <QtyLine product={product} qty={qty} onQty={setQty} />
        {/* The desktop popup's buttons: 바로구매 and 장바구니 in stock, 재입고 알림 sold out, the heart. */}
        <div className="m-slide-actions">
          <BuyButtons product={product} qty={qty} actions={actions} soldOutBlocks={token !== null} />
        </div>
      </section>
    </div>
  );
}
