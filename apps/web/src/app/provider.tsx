import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LiveUpdates } from './realtime/live-updates';
import { queryClient } from '@/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveUpdates />
      {children}
    </QueryClientProvider>
  );
}
