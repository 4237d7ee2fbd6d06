// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { EpcVehicleInfo } from '@partsmall/contract';
import { configQuery, type VehicleKey } from '../api';
import { VehicleInfoModal } from './VehicleInfo';

afterEach(cleanup);

const KEY: VehicleKey = { vin: 'WBA5R1C09KAK98765', mcid: 'DEMO-BMW-G20', brand: 'bmw', lang: 'KR' };
const INFO: EpcVehicleInfo = {
  data: {
    vin: KEY.vin,
    year: 2019,
    model_name: '330i (G20)',
    name: 'BMW 3 Series (G20)',
    maindata: { 엔진: 'B48B20O1' },
    decoded: null,
  },
  brand_code: 'bmw',
  mcid: KEY.mcid,
  imglogo: '',
  userSearchVinCount: 4,
  charged: false,
  testVin: true,
};

describe('the 차량 정보 dialog', () => {
  it('holds the vehicle and its option codes in the layer body (drawn against the dialog edge before)', () => {
    const client = new QueryClient();
    client.setQueryData(configQuery(KEY).queryKey, { main_data: {}, options: ['B48', 'S337'] });
    render(
      <QueryClientProvider client={client}>
        <VehicleInfoModal info={INFO} vehicleKey={KEY} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const body = screen.getByRole('dialog', { name: '차량 정보' }).querySelector('.layer-body');
    expect(body?.textContent).toContain('330i (G20) 2019');
    expect(body?.textContent).toContain('옵션 코드 B48, S337');
  });
});
