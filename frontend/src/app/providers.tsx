import { useEffect, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Notifier } from '@/components/Notifier';
import { reloadSession, useSession } from '@/lib/session';
import { theme } from '@/theme';
import { createQueryClient } from './query-client';

/** Drops every signed-in user's cached data (keys under 'me') when the session ends. */
function SessionCacheGuard({ client }: { client: QueryClient }) {
  useEffect(() => {
    const unsubscribe = useSession.subscribe((state, prev) => {
      if (prev.token && state.token !== prev.token) client.removeQueries({ queryKey: ['me'] });
    });
    // Another tab signing in or out changes localStorage: follow it.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || ['authToken', 'userData', 'role', 'userId'].includes(e.key)) reloadSession();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [client]);
  return null;
}

export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SessionCacheGuard client={queryClient} />
        {children}
        <Notifier />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
