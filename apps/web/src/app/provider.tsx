import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query';
import { DevBanner } from '@/components/layout/dev-banner';
import { Notifications } from '@/components/ui/notifications';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DevBanner />
      {children}
      <Notifications />
    </QueryClientProvider>
  );
}
