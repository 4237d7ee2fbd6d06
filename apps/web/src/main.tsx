import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes';
import { NotifyProvider } from './shared/ui/notify';

// The font faces load beside the app instead of blocking its first paint (see fonts.ts); without
// them the system's Korean font is used, so a failed load changes nothing else.
import('./fonts').catch(() => undefined);

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <NotifyProvider>
      <RouterProvider router={router} />
    </NotifyProvider>
  </StrictMode>,
);
