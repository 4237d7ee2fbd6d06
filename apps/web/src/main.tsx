import './styles.css';
import './shared/ui/ui.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
// From react-router/dom: the router's own updates can then be drawn at once (flushSync), as the home grid's are.
import { RouterProvider } from 'react-router/dom';
import { guardRedirect } from './features/shell/guard';
import { routes } from './routes';
import { isPhoneBrowser } from './shared/device';
import { forgetStateOfEarlierVisit } from './shared/history-entry';
import { queryClient } from './shared/query';
import { session } from './shared/session';
import { NotifyProvider } from './shared/ui/notify';

// The font faces load beside the app instead of blocking its first paint (see fonts.ts); without
// them the system's Korean font is used, so a failed load changes nothing else.
import('./fonts').catch(() => undefined);

// The routing guard's decision for the address the tab opened, taken before the router starts: a
// phone opening /home starts on /mobile, with that route's data and screen only, instead of
// starting the desktop route (its loader, its product request, its first render) to be redirected.
// The app frame keeps guarding every later navigation.
const start = guardRedirect(
  window.location.pathname,
  window.location.search,
  isPhoneBrowser(),
  session.get().token !== null,
);
if (start) window.history.replaceState(null, '', start);
forgetStateOfEarlierVisit();

const router = createBrowserRouter(routes);

// The first render is a transition, which React splits into short slices instead of one long task
// (Total Blocking Time of the first visit); nothing is on screen before it to keep responsive.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <NotifyProvider>
          <RouterProvider router={router} />
        </NotifyProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
