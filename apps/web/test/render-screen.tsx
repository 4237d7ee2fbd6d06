import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { NotifyProvider } from '../src/shared/ui/notify';

/**
 * Renders a screen as the app frame holds it: the given query cache, a router (at the address `at`, else
 * at /) and the notices.
 */
export function renderScreen(screen: ReactElement, client: QueryClient, at = '/') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <NotifyProvider>{children}</NotifyProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return render(screen, { wrapper });
}
