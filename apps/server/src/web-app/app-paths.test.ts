import { describe, expect, it } from 'vitest';
import { appPathMatcher } from './app-paths.js';

describe('appPathMatcher', () => {
  const isPage = appPathMatcher([
    '/',
    '/home',
    '/notice/:id',
    '/productDetail/:id?',
    '/epcMain/*',
    '/admin/orders/:seq?',
  ]);

  it('takes the route table’s addresses, with a query, a trailing slash or other letter case', () => {
    expect(isPage('/')).toBe(true);
    expect(isPage('/home')).toBe(true);
    expect(isPage('/home/')).toBe(true);
    expect(isPage('/HOME?searchType=pid&keyword=A1')).toBe(true);
    expect(isPage('/notice/12')).toBe(true);
    expect(isPage('/productDetail')).toBe(true);
    expect(isPage('/productDetail/330')).toBe(true);
    expect(isPage('/epcMain')).toBe(true);
    expect(isPage('/epcMain/bmw/x5/engine')).toBe(true);
    expect(isPage('/admin/orders')).toBe(true);
    expect(isPage('/admin/orders/7')).toBe(true);
  });

  it('refuses what no route takes: other words, extra or missing segments', () => {
    expect(isPage('/homes')).toBe(false);
    expect(isPage('/home/extra')).toBe(false);
    expect(isPage('/notice')).toBe(false);
    expect(isPage('/notice/12/13')).toBe(false);
    expect(isPage('/productDetail/1/2')).toBe(false);
    expect(isPage('/epcMainX')).toBe(false);
    expect(isPage('/admin')).toBe(false);
    expect(isPage('/no-such-page')).toBe(false);
    expect(isPage('//home')).toBe(false);
  });

  it('reads pattern characters as text, not as expressions', () => {
    const dotted = appPathMatcher(['/a.b']);
    expect(dotted('/a.b')).toBe(true);
    expect(dotted('/axb')).toBe(false);
  });
});
