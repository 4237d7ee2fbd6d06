import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes';
import { queryClient } from './shared/query';
import { NotifyProvider } from './shared/ui/notify';

// The font faces load beside the app instead of blocking its first paint (see fonts.ts); without
// them the system's Korean font is used, so a failed load changes nothing else.
import('./fonts').catch(() => undefined);

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <NotifyProvider>
        <RouterProvider router={router} />
      </NotifyProvider>
    </QueryClientProvider>
  </StrictMode>,
);
