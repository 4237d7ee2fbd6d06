import { queryOptions, useMutation } from '@tanstack/react-query';
import type { SaveMyVehicleRequest } from '@partsmall/contract';
import { api } from '../../shared/api';
import { QUERY_ROOTS, queryClient } from '../../shared/query';

/** The company's vehicles (docs/requirements.md#my-vehicles): the list, and what a product or cart line says of them. */
export const vehicleKeys = { all: ['vehicles'] as const };

export const myVehiclesQuery = () =>
  queryOptions({
    queryKey: vehicleKeys.all,
    queryFn: ({ signal }) => api('getMyVehicles', undefined, { signal, accept: [200] }).then((a) => a.results),
    staleTime: 30_000,
  });

/** A change of the list changes what products and cart lines say, so those are read again too. */
function refreshAfterChange() {
  void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
  void queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.products });
  void queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.cart });
}

export function useSaveVehicle() {
  return useMutation({
    mutationFn: (form: SaveMyVehicleRequest) => api('saveMyVehicle', form, { accept: [200] }),
    onSuccess: refreshAfterChange,
  });
}

export function useRemoveVehicle() {
  return useMutation({
    mutationFn: (vin: string) => api('removeMyVehicle', { vin }, { accept: [200] }),
    onSuccess: refreshAfterChange,
  });
}
