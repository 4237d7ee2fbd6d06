import { describe, expect, it } from 'vitest';
import { allowedMenu, isMenuPath } from './menu';

describe('member-area menu', () => {
  it('gives a main account all eighteen entries in menu order', () => {
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
      'buyLicense',
      'licensePayments',
      'setSecurity',
      'memberDeactivation',
    ]);
  });

  it('gives a sub-account the nine entries it may use (company info to read), none of the paperwork', () => {
    expect(allowedMenu(1)).toEqual([
      'profile',
      'editMyInfo',
      'orders',
      'favorites',
      'deliveryAddress',
      'myVehicles',
      'notifySettings',
      'editCompanyInfo',
      'memberDeactivation',
    ]);
  });

  it('knows its paths and nothing else', () => {
    expect(isMenuPath('chargeCash')).toBe(true);
    expect(isMenuPath('nothing')).toBe(false);
    expect(isMenuPath(null)).toBe(false);
  });
});
