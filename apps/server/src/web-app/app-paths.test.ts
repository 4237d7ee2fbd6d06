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

  it.each([
    '/',
    '/home',
    '/home/',
    '/HOME?searchType=pid&keyword=A1',
    '/notice/12',
    '/productDetail',
    '/productDetail/330',
    '/epcMain',
    '/epcMain/bmw/x5/engine',
    '/admin/orders',
    '/admin/orders/7',
  ])('takes the route table’s address %s (with a query, a trailing slash or other letter case)', (path) => {
    expect(isPage(path)).toBe(true);
  });

  it.each([
    '/homes',
    '/home/extra',
    '/notice',
    '/notice/12/13',
    '/productDetail/1/2',
    '/epcMainX',
    '/admin',
    '/no-such-page',
    '//home',
  ])('refuses %s, which no route takes (other words, extra or missing segments)', (path) => {
    expect(isPage(path)).toBe(false);
  });

  it('reads pattern characters as text, not as expressions', () => {
    const dotted = appPathMatcher(['/a.b']);
    expect(dotted('/a.b')).toBe(true);
    expect(dotted('/axb')).toBe(false);
  });
});
