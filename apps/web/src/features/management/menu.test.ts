import { describe, expect, it } from 'vitest';
import { allowedMenu, isMenuPath } from './menu';

describe('member-area menu', () => {
  // Written out once: the main account's nineteen, and which of them a sub-account lacks.
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
    'cashLedger',
    'monthlyStatement',
    'taxInvoices',
    'credit',
    'buyLicense',
    'licensePayments',
    'setSecurity',
    'memberDeactivation',
  ];
  const mainOnly = ['users', 'chargeCash', 'cashPayments', 'cashLedger', 'monthlyStatement', 'taxInvoices'];

  it('gives a main account all nineteen entries in menu order', () => {
    expect(allowedMenu(0)).toEqual(all);
  });

  it('gives a sub-account the ten entries it may use (company info to read, 외상 when allowed), none of the paperwork', () => {
    const hidden = [...mainOnly, 'buyLicense', 'licensePayments', 'setSecurity'];
    expect(allowedMenu(1)).toEqual(all.filter((p) => !hidden.includes(p)));
    expect(allowedMenu(1)).toHaveLength(10);
    expect(allowedMenu(1)).toContain('editCompanyInfo');
    expect(allowedMenu(1)).toContain('credit');
  });

  it('knows its paths and nothing else', () => {
    expect(isMenuPath('chargeCash')).toBe(true);
    expect(isMenuPath('nothing')).toBe(false);
    expect(isMenuPath(null)).toBe(false);
  });
});
