import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { FAVORITES_PAGE_SIZE, type ProductMarks } from '@partsmall/contract';
import { api } from '../../shared/api';
import { queryClient } from '../../shared/query';
import { cartKeys } from '../cart';
import { useSession } from '../../shared/session';

/** 관심상품 and 재입고 알림 (docs/requirements.md#favourites): the marks every card reads, the list, the toggles. */
export const favoriteKeys = {
  all: ['favorites'] as const,
  marks: ['favorites', 'marks'] as const,
  page: (page: number) => ['favorites', 'list', page] as const,
};

export const productMarksQuery = () =>
  queryOptions({
    queryKey: favoriteKeys.marks,
    queryFn: ({ signal }) => api('getProductMarks', undefined, { signal, accept: [200] }).then((a) => a.results),
    staleTime: 60_000,
  });

export const favoritesQuery = (page: number) =>
  queryOptions({
    queryKey: favoriteKeys.page(page),
    queryFn: ({ signal }) => api('getFavorites', { page, size: FAVORITES_PAGE_SIZE }, { signal, accept: [200] }),
  });

/** The marks of a company member (hearts, restock requests); none for a visitor or staff. */
export function useProductMarks() {
  const { userInfo } = useSession();
  const enabled = Boolean(userInfo?.companyInfo);
  const query = useQuery({ ...productMarksQuery(), enabled });
  const data = enabled ? query.data : undefined;
  return {
    enabled,
    isFavorite: (id: number) => data?.favorites.includes(id) ?? false,
    isAwaited: (id: number) => data?.restockAlerts.includes(id) ?? false,
  };
}

type Mark = 'favorites' | 'restockAlerts';
const withMark = (marks: ProductMarks, mark: Mark, id: number, on: boolean): ProductMarks => ({
  ...marks,
  [mark]: on ? [...marks[mark].filter((x) => x !== id), id] : marks[mark].filter((x) => x !== id),
});

/**
 * A toggle shown at once (optimistic): the marks change in the cache before the server answers and
 * go back when it refuses; the lists are read again once it answered.
 */
function useMarkToggle(mark: Mark) {
  return useMutation({
    mutationFn: ({ productId, on }: { productId: number; on: boolean }) =>
      api(mark === 'favorites' ? 'setFavorite' : 'setRestockAlert', { productId, on }, { accept: [201] }),
    onMutate: async ({ productId, on }) => {
      await queryClient.cancelQueries({ queryKey: favoriteKeys.marks });
      const before = queryClient.getQueryData<ProductMarks>(favoriteKeys.marks);
      if (before) queryClient.setQueryData(favoriteKeys.marks, withMark(before, mark, productId, on));
      return { before };
    },
    onError: (_e, _v, context) => {
      if (context?.before) queryClient.setQueryData(favoriteKeys.marks, context.before);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}

export const useToggleFavorite = () => useMarkToggle('favorites');
export const useToggleRestockAlert = () => useMarkToggle('restockAlerts');

/** '장바구니 담기' of the list: one of the product, as a plain call (the server pushes the cart badge). */
export function useAddFavoriteToCart() {
  return useMutation({
    mutationFn: (productId: number) => api('addToCart', { productId, hasAmount: 1 }, { accept: [201] }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
