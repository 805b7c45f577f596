'use client';

import { MutationCache, QueryClientProvider } from '@tanstack/react-query';
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
  const [client] = useState(() =>
    makeQueryClient({
      // Every failed mutation says so; forms show field errors themselves and skip the toast.
      mutationCache: new MutationCache({
        onError: (error, _vars, _ctx, mutation) => {
          if (mutation.meta?.silent) return;
          toast.error(error.message);
        },
      }),
    }),
  );
  return (
    <ThemeProvider nonce={nonce} attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={client}>
        {children}
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
