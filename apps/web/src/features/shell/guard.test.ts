import { describe, expect, it } from 'vitest';
import { guardRedirect, isMemberOnly } from './guard';

describe('routing guard', () => {
  it('sends phones to the mobile routes, keeping the query', () => {
    expect(guardRedirect('/home', '?searchType=pid&keyword=A1', true, false)).toBe('/mobile?searchType=pid&keyword=A1');
    expect(guardRedirect('/login', '', true, false)).toBe('/mobileLogin');
    expect(guardRedirect('/notice', '?page=2', true, false)).toBe('/noticem?page=2');
    expect(guardRedirect('/cart', '', true, true)).toBe('/cartm');
    expect(guardRedirect('/checkOut', '', true, true)).toBe('/checkOutm');
    // The mobile route's own query keeps its tab: find password, not join; privacy, not the terms.
    expect(guardRedirect('/memberPwInq', '', true, false)).toBe('/mobileJoin?tab=findPw');
    expect(guardRedirect('/privacy', '', true, false)).toBe('/mobileService?tab=privacy');
    expect(guardRedirect('/policy', '', true, false)).toBe('/mobileService');
  });

  it('keeps a notice id and a member-area entry on the mobile route', () => {
    expect(guardRedirect('/notice/12', '', true, false)).toBe('/noticem/12');
    expect(guardRedirect('/management/chargeCash', '', true, true)).toBe('/mobileManagement?menu=chargeCash');
    expect(guardRedirect('/management', '', true, true)).toBe('/mobileManagement');
  });

  it('sends desktops away from /mobile and /mobileLogin only', () => {
    expect(guardRedirect('/mobile', '?category=pad', false, false)).toBe('/home?category=pad');
    expect(guardRedirect('/mobileLogin', '', false, false)).toBe('/login');
    expect(guardRedirect('/noticem', '', false, false)).toBeNull();
    expect(guardRedirect('/home', '', false, false)).toBeNull();
  });

  it('sends a visitor home from member-only routes, on both sites', () => {
    for (const path of [
      '/cart',
      '/cartm',
      '/checkOut',
      '/checkOutm',
      '/checkOutFinish',
      '/mobileCheckOutFinish',
      '/management/orders',
      '/mobileManagement',
      '/ordersm',
    ]) {
      expect(isMemberOnly(path)).toBe(true);
      expect(guardRedirect(path, '', false, false)).toBe('/home');
    }
    expect(isMemberOnly('/cartmore')).toBe(false);
    expect(guardRedirect('/management/orders', '', false, true)).toBeNull();
  });

  it('sends the member-only screen a session expired on to login, on both sites (docs/requirements.md#accounts-and-sessions)', () => {
    expect(guardRedirect('/management/editMyInfo', '', false, false, true)).toBe('/login');
    expect(guardRedirect('/mobileManagement', '?menu=editMyInfo', true, false, true)).toBe('/mobileLogin');
    expect(guardRedirect('/cartm', '', true, false, true)).toBe('/mobileLogin');
    // After a logout it goes home, as a visitor's does; a public screen stays.
    expect(guardRedirect('/management/editMyInfo', '', false, false, false)).toBe('/home');
    expect(guardRedirect('/notice', '', false, false, true)).toBeNull();
  });
});
