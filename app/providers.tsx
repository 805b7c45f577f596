'use client';

import { MutationCache, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { timelineKeys } from '@/lib/client/hooks/use-timeline';
import { ThemeProvider, useTheme } from 'next-themes';
import { useState, type ReactNode } from 'react';
import { toast, Toaster } from 'sonner';
import { makeQueryClient } from '@/lib/client/query-client';

/** Toasts in the page's theme (the user's choice, not only the system's). */
function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster richColors closeButton position="bottom-right" theme={resolvedTheme === 'dark' ? 'dark' : 'light'} />;
}

export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  const [client] = useState(() => {
    const qc: QueryClient = makeQueryClient({
      mutationCache: new MutationCache({
        // Every failed mutation says so; forms show field errors themselves and skip the toast.
        onError: (error, _vars, _ctx, mutation) => {
          if (mutation.meta?.silent) return;
          toast.error(error.message);
        },
        // Any write may add to a record's timeline (a comment, a change, a call, a task).
        onSuccess: () => void qc.invalidateQueries({ queryKey: timelineKeys.all }),
      }),
    });
    return qc;
  });
  return (
    <ThemeProvider nonce={nonce} attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={client}>
        {children}
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
