import { describe, expect, it } from 'vitest';
import { allowedMenu, isMenuPath } from './menu';

describe('member-area menu', () => {
  it('gives a main account all fourteen entries in menu order', () => {
    const all = [
      'profile',
      'editMyInfo',
      'orders',
      'favorites',
      'deliveryAddress',
      'myVehicles',
      'editCompanyInfo',
      'users',
      'chargeCash',
      'cashPayments',
    ];
    expect(allowedMenu(0)).toEqual([...all, 'buyLicense', 'licensePayments', 'setSecurity', 'memberDeactivation']);
  });

  it('gives a sub-account the seven entries it may use', () => {
    expect(allowedMenu(1)).toEqual([
      'profile',
      'editMyInfo',
      'orders',
      'favorites',
      'deliveryAddress',
      'myVehicles',
      'memberDeactivation',
    ]);
  });

  it('knows its paths and nothing else', () => {
    expect(isMenuPath('chargeCash')).toBe(true);
    expect(isMenuPath('nothing')).toBe(false);
    expect(isMenuPath(null)).toBe(false);
  });
});
