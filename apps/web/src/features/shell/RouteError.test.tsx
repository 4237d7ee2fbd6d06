// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isValidElement, type ReactNode } from 'react';
import { routes } from '../../routes';
import { RouteError } from './RouteError';

afterEach(cleanup);

const isRouteError = (element: ReactNode) => isValidElement(element) && element.type === RouteError;

/** A layout with its bars and, as in routes.tsx, a pathless route catching its pages' failures. */
function shopWith(reload: () => void): RouteObject[] {
  return [
    {
      element: (
        <div>
          <nav>상단 메뉴</nav>
          <Outlet />
        </div>
      ),
      HydrateFallback: () => null,
      children: [
        {
          errorElement: <RouteError reload={reload} />,
          children: [
            {
              path: '/notice',
              // What a browser throws for a chunk it cannot fetch (offline, or gone after a deploy).
              lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
            },
          ],
        },
      ],
    },
  ];
}

describe('a page whose code cannot be loaded', () => {
  it('says so in Korean inside the bars, without the English error or its stack, and 다시 시도 reloads', async () => {
    const reload = vi.fn();
    const router = createMemoryRouter(shopWith(reload), { initialEntries: ['/notice'] });
    render(<RouterProvider router={router} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('페이지를 불러오지 못했습니다.네트워크 연결을 확인한 뒤 다시 시도하세요.다시 시도');
    expect(screen.getByText('상단 메뉴')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Unexpected|developer|Failed to fetch|[A-Za-z]{4,}/);
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("every page of routes.tsx is under a RouteError, inside its layout's bars", () => {
    const unguarded: string[] = [];
    const walk = (list: RouteObject[], guarded: boolean) => {
      for (const r of list) {
        const here = guarded || isRouteError(r.errorElement);
        if (r.path && !here) unguarded.push(r.path);
        if (r.children) walk(r.children, here);
      }
    };
    walk(routes, false);
    expect(unguarded).toEqual([]);
    const frame = routes[0]!;
    const layouts = frame.children!.filter((r) => r.element && !r.path);
    expect(layouts.map((l) => l.children!.map((c) => isRouteError(c.errorElement)))).toEqual([[true], [true], [true]]);
  });
});
