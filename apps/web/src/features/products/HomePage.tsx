import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { PRODUCT_CATEGORIES, type CompanyInfo, type ProductHit } from '@partsmall/contract';
import { useMallConfig } from '../../shared/mall-config';
import { managementPath } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { Spinner } from '../../shared/ui/states';
import { NoticePopup } from './NoticePopup';
import { ProductCard } from './ProductCard';
import { ProductPopup } from './ProductPopup';
import { EmptyGrid } from './components/EmptyGrid';
import { VehicleFilter } from '../vehicles';
import { SearchBar, useNoResultAlert } from './SearchBar';
import { useProductGrid, type SearchType } from './api';
import { useGridAddress } from './grid-address';
import './products.css';

/**
 * What the home warning bar asks for: the server's flag is off while the company's details
 * (representative, phone, address) or a delivery address are missing; the details are in userInfo,
 * so an off flag with the details filled in means only the delivery address is missing.
 */
export function companyGap(c: CompanyInfo | null): 'details' | 'address' | null {
  if (!c || c.licenseFlag) return null;
  return c.license !== '' && c.ceo !== '' && c.phone !== '' && c.addrMain !== '' ? 'address' : 'details';
}

/** The grid's heading: the search, the category chosen among the suggestions, or the whole shop. */
function gridTitle(keyword: string, category: string | undefined): string {
  if (keyword) return T.shop.resultFor(keyword);
  const label = PRODUCT_CATEGORIES.find((c) => c.key === category)?.label;
  return label ? T.shop.categoryTitle(label) : T.shop.allProducts;
}

/** Pictures of the first row or two load at once (the largest paint); the rest when scrolled near. */
const EAGER_PICTURES = 8;

export function HomePage() {
  const { query, setAddress, navigating } = useGridAddress(false);
  const { searchType, keyword } = query;
  const grid = useProductGrid(query);
  // The list is drawn in a deferred render, which React splits into short slices, so a page of
  // 60 products arriving does not hold the main thread in one long task (Total Blocking Time).
  const items = useDeferredValue(grid.items);
  const [open, setOpen] = useState<ProductHit | null>(null);
  const { userInfo } = useSession();
  const config = useMallConfig();

  useNoResultAlert(keyword, grid.firstCount);

  const search = (type: SearchType, kw: string) => {
    const next = new URLSearchParams();
    if (kw) {
      next.set('searchType', type);
      next.set('keyword', kw);
    }
    setAddress(next);
  };

  const gap = companyGap(userInfo?.companyInfo ?? null);

  return (
    <div className="page home">
      {gap === 'details' && (
        <div className="company-warning" role="alert">
          {T.companyWarning} <Link to={managementPath('editCompanyInfo', false)}>{T.companyWarningLink}</Link>
        </div>
      )}
      {gap === 'address' && (
        <div className="company-warning" role="alert">
          {T.addressWarning} <Link to={managementPath('deliveryAddress', false)}>{T.addressWarningLink}</Link>
        </div>
      )}
      <SearchBar
        searchType={searchType}
        keyword={keyword}
        onSearch={search}
        onCategory={(key) => setAddress({ category: key, ...(query.fitsVin ? { fitsVin: query.fitsVin } : {}) })}
      />
      <div className="grid-head">
        <h1 className="grid-title">{gridTitle(keyword, query.category)}</h1>
        {userInfo?.companyInfo && (
          <VehicleFilter
            value={query.fitsVin ?? ''}
            onChange={(vin) =>
              setAddress({ ...(query.category ? { category: query.category } : {}), ...(vin ? { fitsVin: vin } : {}) })
            }
          />
        )}
      </div>
      {grid.error && <p className="notice-warn">{grid.error}</p>}
      {/* Busy from the click until the deferred render has drawn the answer: the grid keeps its space till then. */}
      <ul className="product-grid" aria-busy={navigating || grid.loading || items !== grid.items}>
        {items.map((p, i) => (
          <ProductCard key={p.seq} product={p} onOpen={setOpen} eager={i < EAGER_PICTURES} />
        ))}
      </ul>
      <EmptyGrid grid={grid} keyword={keyword} category={query.category} onSearch={(kw) => search(searchType, kw)} />
      <div className="grid-footer">
        {grid.loading ? (
          <Spinner label={T.common.loading} />
        ) : grid.ended ? (
          grid.items.length > 0 && <p className="ended">{T.shop.ended}</p>
        ) : (
          <button type="button" className="btn more-btn" onClick={grid.loadMore}>
            {T.shop.more}
          </button>
        )}
      </div>
      {open && <ProductPopup initial={open} onClose={() => setOpen(null)} />}
      {config && config.notices.length > 0 && <NoticePopup notice={config.notices[0]!} behind={open !== null} />}
    </div>
  );
}
