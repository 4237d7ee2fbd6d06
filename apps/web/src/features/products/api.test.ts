import { describe, expect, it } from 'vitest';
import { nextGridPage, serverPage } from './api';

describe('home grid paging (60 first, then 12 per more, ended after page 20)', () => {
  it('maps grid pages to the server pages of 60 and 12', () => {
    expect(serverPage(1)).toEqual({ page: 1, size: 60 });
    // Grid page 2 starts at item 61: server page 6 of size 12 (offset 60).
    expect(serverPage(2)).toEqual({ page: 6, size: 12 });
    expect(serverPage(3)).toEqual({ page: 7, size: 12 });
    expect(serverPage(20)).toEqual({ page: 24, size: 12 });
  });

  it('offers a next page while the server has more, up to page 20', () => {
    expect(nextGridPage(1, true)).toBe(2);
    expect(nextGridPage(19, true)).toBe(20);
    expect(nextGridPage(20, true)).toBeUndefined();
    expect(nextGridPage(3, false)).toBeUndefined();
  });
});
