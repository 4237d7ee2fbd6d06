import { describe, expect, it } from 'vitest';
import { allowedMenu, isMenuPath } from './menu';

describe('member-area menu', () => {
  it('gives a main account all nineteen entries in menu order', () => {
    const all = [
      'profile',
      'editMyInfo',
      'orders',
      'favorites',
      'deliveryAddress',
      'myVehicles',
      'notifySettings',
      'editCompanyInfo',
      'users',
      'chargeCash',
      'cashPayments',
    ];
    expect(allowedMenu(0)).toEqual([
      ...all,
      'cashLedger',
      'monthlyStatement',
      'taxInvoices',
      'credit',
      'buyLicense',
      'licensePayments',
      'setSecurity',
      'memberDeactivation',
    ]);
  });

  it('gives a sub-account the ten entries it may use (company info to read, 외상 when allowed), none of the paperwork', () => {
    expect(allowedMenu(1)).toEqual([
      'profile',
      'editMyInfo',
      'orders',
      'favorites',
      'deliveryAddress',
      'myVehicles',
      'notifySettings',
      'editCompanyInfo',
      'credit',
      'memberDeactivation',
    ]);
  });

  it('knows its paths and nothing else', () => {
    expect(isMenuPath('chargeCash')).toBe(true);
    expect(isMenuPath('nothing')).toBe(false);
    expect(isMenuPath(null)).toBe(false);
  });
});
