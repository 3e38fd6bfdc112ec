import type { ReactNode } from 'react';
import { QueryProvider } from '@/lib/api/query-provider';

// The pages under /query use TanStack Query (src/lib/api/query.ts, written by `generate client --query`): their
// QueryClient is made once per browser session by QueryProvider.
export default function QueryLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
