// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NoticeRow } from '@partsmall/contract';
import { MobileContext } from '../../shared/paths';
import { NoticeListPage } from './NoticeListPage';
import { jsonAnswer } from '../../../test/api-mock';

/**
 * A notice list page past the last one (an old link, a typed address): it says there is no such page
 * and how many there are, with a link back to the first, not '검색된 정보가 없습니다.' under
 * '999/2 페이지' as if a search had found nothing.
 */
const row = (seq: number): NoticeRow => ({
  seq,
  type: 0,
  title: `공지 ${seq}`,
  content: '<p>안내</p>',
  created: '2026-12-01T01:00:00.000Z',
});
let sent: Record<string, unknown>[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { page: number };
      sent.push(body);
      // 33 notices: pages 1 and 2.
      const rows = body.page === 1 ? Array.from({ length: 20 }, (_, i) => row(33 - i)) : [];
      return jsonAnswer({ code: 200, message: rows.length ? '' : '검색된 정보가 없습니다.', results: rows, total: 33 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(path: string, mobile: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MobileContext.Provider value={mobile}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </MobileContext.Provider>
    </QueryClientProvider>
  );
  return render(<NoticeListPage mobile={mobile} />, { wrapper });
}

describe.each([
  ['desktop', false, '/notice'],
  ['phone', true, '/noticem'],
])('a notice page past the last (%s)', (_name, mobile, base) => {
  it('says the page does not exist, how many there are, and links back to the first', async () => {
    open(`${base}?page=999`, mobile);
    expect(await screen.findByText('999페이지는 없습니다. 공지사항은 2페이지까지 있습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '첫 페이지로' }).getAttribute('href')).toBe(base);
    expect(screen.queryByText('검색된 정보가 없습니다.')).toBeNull();
    expect(document.querySelector('.board-summary')?.textContent).toBe('총 33건');
  });

  it('a page number above any the list takes reads as the first page', async () => {
    open(`${base}?page=100001`, mobile);
    expect(await screen.findByText('공지 33')).toBeTruthy();
    expect(sent.map((b) => b.page)).toEqual([1]);
  });

  it('the last page itself is a list as before', async () => {
    open(`${base}?page=1`, mobile);
    expect(await screen.findByText('공지 33')).toBeTruthy();
    expect(document.querySelector('.board-summary')?.textContent).toBe('총 33건 · 1/2 페이지');
  });
});
