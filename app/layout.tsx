import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { Providers } from './providers';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Groundwork', template: '%s · Groundwork' },
  description: 'Construction pipeline CRM',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

// Reading the request makes every page render per request, as the CSP nonce (proxy.ts) needs;
// next-themes' inline script carries it, Next.js puts it on its own scripts.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <Providers nonce={nonce}>{children}</Providers>
      </body>
    </html>
  );
}
