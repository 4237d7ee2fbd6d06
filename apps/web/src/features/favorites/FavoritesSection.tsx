import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FAVORITES_PAGE_SIZE, warehouseLabel, type FavoriteRow } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { won } from '../../shared/format';
import { T } from '../../shared/texts';
import type { Column } from '../../shared/ui/DataTable';
import { DataTable } from '../../shared/ui/DataTable';
import { useNotify } from '../../shared/ui/notify';
import { imageUrl } from '../../shared/images';
import { favoritesQuery, useAddFavoriteToCart, useToggleFavorite } from './api';
import { RestockButton } from './components/RestockButton';
import { FAVORITE_TEXTS as F } from './texts';
import './favorites.css';

/**
 * 관심상품 of the member area (docs/requirements.md#favourites): the company's list with today's
 * tier price and stock, '장바구니 담기' for what is in stock, 재입고 알림 for what is not.
 */
export function FavoritesSection({ head }: { head?: (title: string, intro: string) => ReactNode }) {
  const [page, setPage] = useState(1);
  const list = useQuery(favoritesQuery(page));
  const notify = useNotify();
  const add = useAddFavoriteToCart();
  const remove = useToggleFavorite();

  const stock = (r: FavoriteRow) =>
    r.hasAmount > 0 ? (
      <span className="stock in">{T.shop.inStock(r.hasAmount)}</span>
    ) : (
      <span className="stock out">{T.shop.soldOut}</span>
    );
  const actions = (r: FavoriteRow) => (
    <span className="mg-row-actions">
      {r.hasAmount > 0 ? (
        <button
          type="button"
          className="btn btn-small btn-primary"
          disabled={add.isPending}
          aria-label={`${F.addToCart}: ${r.name}`}
          data-testid="fav-add-to-cart"
          onClick={() =>
            add.mutate(r.seq, {
              onSuccess: () => notify.toast(F.addedToCart),
              onError: (e) => void notify.alert(messageOf(e)),
            })
          }
        >
          {F.addToCart}
        </button>
      ) : (
        <RestockButton productId={r.seq} stock={r.hasAmount} className="btn btn-small" />
      )}
      <button
        type="button"
        className="btn btn-small btn-danger-line"
        aria-label={`${F.remove}: ${r.name}`}
        onClick={() =>
          remove.mutate(
            { productId: r.seq, on: false },
            { onSuccess: (a) => notify.toast(a.message), onError: (e) => void notify.alert(messageOf(e)) },
          )
        }
      >
        {F.remove}
      </button>
    </span>
  );
  const product = (r: FavoriteRow) => (
    <span className="fav-list-product">
      <img src={imageUrl(r.image)} alt="" width={48} height={48} loading="lazy" />
      <span>
        <b>{r.name}</b>
        <span className="muted num">{r.pid}</span>
      </span>
    </span>
  );
  const columns: Column<FavoriteRow>[] = [
    { id: 'product', header: F.cols.product, cell: product },
    {
      id: 'warehouse',
      header: F.cols.warehouse,
      width: 130,
      className: 'center',
      cell: (r) => warehouseLabel(r.stockName),
    },
    { id: 'stock', header: F.cols.stock, width: 110, className: 'center', cell: stock, sortValue: (r) => r.hasAmount },
    {
      id: 'price',
      header: F.cols.price,
      width: 110,
      className: 'money',
      cell: (r) => (r.price !== undefined ? won(r.price) : '-'),
      sortValue: (r) => r.price ?? 0,
    },
    { id: 'manage', header: F.cols.manage, width: 220, className: 'center', cell: actions },
  ];

  return (
    <div>
      {head?.(F.title, F.intro)}
      <DataTable
        columns={columns}
        query={list}
        emptyText={F.empty}
        label={F.title}
        rowTestId="favorite-row"
        paging={{ page, size: FAVORITES_PAGE_SIZE, onPage: setPage }}
        card={(r) => (
          <div className="fav-card">
            {product(r)}
            <div className="fav-card-row">
              <span>{warehouseLabel(r.stockName)}</span>
              {stock(r)}
              <b>{r.price !== undefined ? won(r.price) : '-'}</b>
            </div>
            {actions(r)}
          </div>
        )}
      />
    </div>
  );
}
