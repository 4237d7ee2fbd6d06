// @vitest-environment happy-dom
import type { ReactElement } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider, onlineManager, useMutation } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api';
import { createQueryClient } from '../../shared/query';
import { NotifyProvider } from '../../shared/ui/notify';
import { HomePage } from './HomePage';
import { MobileHome } from './MobileHome';

/**
 * A search made without a network (docs/requirements.md#shop-screens): the browser refuses the
 * request, and the grid says the shop could not be reached instead of 'no products found' and 더보기.
 */
const NETWORK_ERROR = '서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.';

beforeEach(() => {
  vi.useFakeTimers();
  onlineManager.setOnline(false);
  // What fetch does offline: it rejects with a TypeError.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
});
afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

/** Renders a page as its route does: a data router (the grid reads its navigation), the app's QueryClient. */
function renderPage(page: ReactElement) {
  const router = createMemoryRouter([{ path: '/', element: page, HydrateFallback: () => null }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotifyProvider>
        <RouterProvider router={router} />
      </NotifyProvider>
    </QueryClientProvider>,
  );
}

/** Lets the grid's request and its two retries (1 s and 2 s apart) end. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(10_000));

describe('the home grid offline', () => {
  it.each([
    ['the desktop home', <HomePage key="d" />],
    ['the phone home', <MobileHome key="m" />],
  ])('%s shows the network error, not the empty text or 더보기', async (_name, page) => {
    renderPage(page);
    await settle();
    expect(screen.getByText(NETWORK_ERROR)).toBeTruthy();
    expect(screen.queryByText('검색된 정보가 없습니다.')).toBeNull();
    expect(screen.queryByRole('button', { name: '더보기' })).toBeNull();
  });

  it('a change sent offline fails with the network error instead of waiting for the network', async () => {
    let outcome = 'waiting';
    function Save() {
      const save = useMutation({ mutationFn: () => api('getProductHome', {}) });
      return (
        <button type="button" onClick={() => save.mutate(undefined, { onError: (e) => (outcome = e.message) })}>
          저장
        </button>
      );
    }
    renderPage(<Save />);
    act(() => screen.getByRole('button', { name: '저장' }).click());
    await settle();
    expect(outcome).toBe(NETWORK_ERROR);
  });
});
