import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

export const carInfoKeys = { all: ['carInfo'] as const };

/** The body-part terms of /carInfo (api/getCarInfo); they change with a release, not by the minute. */
export const bodyPartsQuery = queryOptions({
  queryKey: carInfoKeys.all,
  queryFn: ({ signal }) => api('getCarInfo', {}, { signal, accept: [200] }).then((a) => a.results),
  staleTime: Infinity,
});
