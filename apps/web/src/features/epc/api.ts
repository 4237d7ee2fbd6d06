import { queryOptions, useMutation } from '@tanstack/react-query';
import { PAGE_SIZE, type BuyOrCartForm } from '@partsmall/contract';
import { api } from '../../shared/api';

/** Reads and writes of the catalogue (docs/requirements.md#catalogue-calls), all through TanStack Query. */

export type EpcLangCode = 'KR' | 'CN' | 'EN';

export interface VehicleKey {
  vin: string;
  mcid: string;
  brand: string;
  lang: EpcLangCode;
}

export const epcKeys = {
  all: ['epc'] as const,
  init: ['epc', 'init'] as const,
  vehicles: ['epc', 'vehicle'] as const,
  vehicle: (q: { brand: string; vin: string; lang: EpcLangCode }) => ['epc', 'vehicle', q] as const,
  history: (brand: string) => ['epc', 'history', brand] as const,
  groups: (k: VehicleKey) => ['epc', 'groups', k] as const,
  config: (k: VehicleKey) => ['epc', 'config', k] as const,
  structure: (k: VehicleKey, num: string, subgroup: string | null) => ['epc', 'structure', k, num, subgroup] as const,
  parts: (k: VehicleKey, mid: string, filter: boolean) => ['epc', 'parts', k, mid, filter] as const,
  replace: (pid: string, k: VehicleKey) => ['epc', 'replace', pid, k] as const,
};

const once = { staleTime: 5 * 60_000, retry: false } as const;

/** Brands, test VINs, licence days and the day's VIN count (epc/initEpc). */
export const initQuery = queryOptions({
  queryKey: epcKeys.init,
  queryFn: ({ signal }) => api('initEpc', {}, { signal, accept: [200] }).then((a) => a.results),
  retry: false,
});

/** The company's searched VINs for the history dropdown. */
export const historyQuery = (brand: string) =>
  queryOptions({
    queryKey: epcKeys.history(brand),
    queryFn: ({ signal }) =>
      api('getUserSearchHistory', { brand_code: brand }, { signal, accept: [200] }).then((a) => a.results.data),
    retry: false,
  });

/** The vehicle again when the popup opens on a stored place (reopening the day's VIN is free). */
export const vehicleQuery = (q: { brand: string; vin: string; lang: EpcLangCode }) =>
  queryOptions({
    queryKey: epcKeys.vehicle(q),
    queryFn: ({ signal }) => api('getCarsVinEx', q, { signal, accept: [200] }).then((a) => a.results),
    ...once,
  });

export const groupsQuery = (k: VehicleKey) =>
  queryOptions({
    queryKey: epcKeys.groups(k),
    queryFn: ({ signal }) => api('getCarsGroupEx', k, { signal, accept: [200] }).then((a) => a.results),
    ...once,
  });

export const configQuery = (k: VehicleKey) =>
  queryOptions({
    queryKey: epcKeys.config(k),
    queryFn: ({ signal }) =>
      api(
        'getCarsConfigEx',
        { brand_code: k.brand, vin_number: k.vin, mcid: k.mcid, lang: k.lang },
        { signal, accept: [200] },
      ).then((a) => a.results),
    ...once,
  });

export const structureQuery = (k: VehicleKey, num: string, subgroup: string | null) =>
  queryOptions({
    queryKey: epcKeys.structure(k, num, subgroup),
    queryFn: ({ signal }) =>
      api(
        'getCarsStructureEx',
        { ...k, num, ...(subgroup ? { maingroup: num, level: 2, subgroup } : {}) },
        { signal, accept: [200] },
      ).then((a) => a.results),
    ...once,
  });

export const partsQuery = (k: VehicleKey, num: string, mid: string, filter: boolean) =>
  queryOptions({
    queryKey: epcKeys.parts(k, mid, filter),
    queryFn: ({ signal }) =>
      api('getCarsPartsEx', { ...k, num, mid, isShowColorvalue: filter }, { signal, accept: [200] }).then(
        (a) => a.results,
      ),
    staleTime: 30_000,
    retry: false,
  });

/** Replacement numbers; the vehicle goes along, so a company without a licence is answered within a test VIN's catalogue. */
export const replaceQuery = (pid: string, k: VehicleKey) =>
  queryOptions({
    queryKey: epcKeys.replace(pid, k),
    queryFn: ({ signal }) =>
      api('getCarsReplace', { pid, brand_code: k.brand, vin: k.vin, mcid: k.mcid }, { signal, accept: [200] }).then(
        (a) => a.results.data,
      ),
    ...once,
  });

/** Part-number search within the vehicle's catalogue (2-50 characters). */
export function usePartSearch() {
  return useMutation({
    mutationFn: (q: VehicleKey & { searchHotKey: string }) =>
      api('getCarsSearchHotKey', q, { accept: [200] }).then((a) => a.results.partInfo),
  });
}

/**
 * Add to cart from a part row (a plain call; the server pushes the cart count to every tab). The
 * cart holds one line per product and keeps the vehicle it was first put in for: the answer is that
 * other VIN when the line holds one (the units were added to it), else null.
 */
export function useAddPartToCart() {
  return useMutation({
    mutationFn: async (form: BuyOrCartForm & { vin: string }): Promise<string | null> => {
      await api('addToCart', form, { accept: [201] });
      const cart = await api('getMallCartInfo', { page: 1, size: PAGE_SIZE.cart }, { accept: [200] }).catch(() => null);
      const line = cart?.results.find((l) => l.productInfo.seq === form.productId);
      return line?.vin && line.vin !== form.vin ? line.vin : null;
    },
  });
}

/** Buy now from a part row: the payment items, VIN included. */
export function useBuyPartNow() {
  return useMutation({
    mutationFn: (form: BuyOrCartForm) => api('addToBuy', form, { accept: [201] }).then((a) => a.results),
  });
}
