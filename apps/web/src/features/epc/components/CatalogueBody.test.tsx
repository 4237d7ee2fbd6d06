// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EPC_MSG, type EpcMainGroup, type EpcStructureNode, type EpcVehicleInfo } from '@partsmall/contract';
import { groupsQuery, structureQuery, type VehicleKey } from '../api';
import type { EpcParams } from '../route';
import { CatalogueBody } from './CatalogueBody';

/** Which panels the catalogue shows for a place in its route (docs/requirements.md#catalogue-screens). */

const KEY: VehicleKey = { vin: 'WBA8E9C50GK123457', mcid: 'M-3', brand: 'bmw', lang: 'KR' };
const AT = { vin: KEY.vin, brand: 'bmw', mcid: KEY.mcid };
const VEHICLE: EpcVehicleInfo = {
  data: {
    vin: KEY.vin,
    year: 2016,
    model_name: '3시리즈 세단',
    name: '320d',
    maindata: { 엔진: 'B47' },
    decoded: null,
  },
  brand_code: 'bmw',
  mcid: KEY.mcid,
  imglogo: '',
  userSearchVinCount: 4,
  charged: true,
  testVin: false,
};
const GROUPS: EpcMainGroup[] = [
  { num: '11', mcid: KEY.mcid, label: '엔진', img: '' },
  { num: '34', mcid: KEY.mcid, label: '브레이크', img: '' },
];
const node = (mid: string, name: string, hasChild: 0 | 1, fits: 0 | 1): EpcStructureNode => ({
  level: 1,
  subgroup: mid,
  has_child: hasChild,
  mid,
  name,
  description: '',
  model: '',
  img: '',
  colorvalue: fits,
  fullPath: '',
});
const SUBS = [
  node('34_01', '앞 브레이크', 1, 1),
  node('34_02', '뒤 브레이크', 0, 1),
  node('34_09', '세라믹 브레이크', 0, 0),
];
const CHILDREN = [node('34_01_1', '브레이크 패드', 0, 1), node('34_01_2', '브레이크 디스크', 0, 1)];

let asked: string[];
beforeEach(() => {
  asked = [];
  // Only the parts list is asked of the server here; it is refused.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ code: 404, message: EPC_MSG.noInfo, results: null, total: 0 }), {
        status: 200,
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(params: EpcParams, go = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(groupsQuery(KEY).queryKey, GROUPS);
  client.setQueryData(structureQuery(KEY, '34', null).queryKey, SUBS);
  client.setQueryData(structureQuery(KEY, '34', '34_01').queryKey, CHILDREN);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  render(<CatalogueBody vehicleKey={KEY} vehicle={VEHICLE} params={params} mobile={false} go={go} />, { wrapper });
  return go;
}

const panels = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const cards = (panel: string) =>
  within(screen.getByRole('region', { name: panel }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('the catalogue panels', () => {
  it('shows the main groups beside the vehicle data when no group is open', () => {
    show(AT);
    expect(panels()).toEqual(['주그룹', '3시리즈 세단 2016']);
    expect(cards('주그룹')).toEqual(['11엔진', '34브레이크']);
  });

  it('shows the sub groups of an open main group, only those that fit while the filter is on', () => {
    const go = show({ ...AT, num: '34' });
    expect(panels()).toEqual(['주그룹', '서브그룹']);
    expect(cards('서브그룹')).toEqual(['앞 브레이크', '뒤 브레이크']);
    // A sub group with children opens them; one without opens its parts.
    fireEvent.click(screen.getByRole('button', { name: '앞 브레이크' }));
    // Both stay in main group 34, and a pick clears the filter from the address.
    const inGroup = { ...AT, filter: undefined, num: '34' };
    expect(go).toHaveBeenLastCalledWith({ ...inGroup, level: '2', subgroup: '34_01', hasChild: '1' });
    fireEvent.click(screen.getByRole('button', { name: '뒤 브레이크' }));
    expect(go).toHaveBeenLastCalledWith({ ...inGroup, subgroup: '34_02', parts: 'true', mid: '34_02' });
  });

  it('shows every sub group, the unfitting one marked, with the filter off', () => {
    show({ ...AT, num: '34', filter: '0' });
    expect(cards('서브그룹')).toEqual(['앞 브레이크', '뒤 브레이크', '세라믹 브레이크해당 차량 미적용']);
  });

  it('shows the child groups of a sub group that has them', () => {
    show({ ...AT, num: '34', level: '2', subgroup: '34_01', hasChild: '1' });
    expect(panels()).toEqual(['주그룹', '하위그룹']);
    expect(cards('하위그룹')).toEqual(['브레이크 패드', '브레이크 디스크']);
  });

  it('shows the parts list alone, and says so when there is no information', async () => {
    show({
      ...AT,
      num: '34',
      level: '2',
      subgroup: '34_01',
      hasChild: '1',
      parts: 'true',
      mid: '34_01_1',
      childMid: '34_01_1',
    });
    await waitFor(() => expect(screen.getByText(EPC_MSG.noInfo)).toBeTruthy());
    expect(panels()).toEqual([]);
    expect(asked).toEqual(['/epc/getCarsPartsEx']);
  });
});
