import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PopupProvider } from '../components/ui';
import { queryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <PopupProvider>{children}</PopupProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
