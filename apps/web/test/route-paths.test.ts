import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routePaths } from '../build/route-paths';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-route-paths-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes a route table (and any modules it imports) and reads its paths. */
function pathsOf(files: Record<string, string>): string[] | null {
  const root = fs.mkdtempSync(path.join(dir, 't-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return routePaths(path.join(root, 'routes.tsx'));
}

describe('routePaths', () => {
  it('reads absolute, nested relative and index routes through pathless layouts, without the catch-all', () => {
    const paths = pathsOf({
      'routes.tsx': `
        const page = (x: unknown) => ({ lazy: x });
        export const routes: RouteObject[] = [
          { element: <Frame />, children: [
            { path: '/', element: <Navigate to="/home" /> },
            { element: <Layout />, children: [
              { path: '/home', element: <Home /> },
              { path: '/notice/:id', ...page(() => import('./x')) },
              { path: '*', element: <NotFound /> },
            ] },
            { path: '/shop', children: [{ index: true, element: <A /> }, { path: 'items/:seq?', element: <B /> }] },
          ] },
        ];`,
    });
    expect(paths).toEqual(['/', '/home', '/notice/:id', '/shop', '/shop/items/:seq?']);
  });

  it('follows arrays spread in from the same file and from other modules of the app', () => {
    const paths = pathsOf({
      'routes.tsx': `
        import { adminRoutes } from './features/admin/routes';
        const legal = [{ path: '/policy' }, { path: '/privacy' }];
        export const routes = [{ children: [...legal, ...adminRoutes, { path: '/home' }] }];`,
      'features/admin/routes.tsx': `export const adminRoutes: RouteObject[] = [{ path: '/admin', children: [{ path: 'orders' }, { path: '*' }] }];`,
    });
    expect(paths).toEqual(['/admin', '/admin/*', '/admin/orders', '/home', '/policy', '/privacy']);
  });

  it('gives up (null) when a path is computed, so the server keeps answering every page address', () => {
    expect(
      pathsOf({
        'routes.tsx': `const P = { home: '/home' }; export const routes = [{ path: P.home }, { path: '/login' }];`,
      }),
    ).toBeNull();
    expect(
      pathsOf({
        'routes.tsx': `import { more } from 'somewhere'; export const routes = [{ path: '/login' }, ...more];`,
      }),
    ).toBeNull();
  });
});
