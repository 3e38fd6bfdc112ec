'use client';

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { makeQueryClient } from './query';

/**
 * Gives client components their QueryClient: one per browser session (made once, kept across renders), with the
 * defaults of ./query. Wrap the app once, in the root layout: `<QueryProvider>{children}</QueryProvider>`.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState<QueryClient>(makeQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
