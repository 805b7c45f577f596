'use client';

import { useTheme } from 'next-themes';
import { useEffect, useState } from 'react';

const NEXT = { system: 'light', light: 'dark', dark: 'system' } as const;

/** Cycles system → light → dark; the label says the current choice. */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const [mounted, setMounted] = useState(false);
  // The stored theme is only known in the browser; render a stable label until then.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setMounted(true), []);
  const current = (mounted ? theme : 'system') as keyof typeof NEXT;
  return (
    <button
      type="button"
      onClick={() => setTheme(NEXT[current] ?? 'system')}
      className="whitespace-nowrap rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      aria-label={`Theme: ${current}. Switch theme`}
    >
      {/* On a phone the symbol alone, so the header keeps one line. */}
      <span aria-hidden>{current === 'dark' ? '☾' : current === 'light' ? '☀' : '◐'}</span>
      <span className="hidden sm:inline"> {current === 'dark' ? 'Dark' : current === 'light' ? 'Light' : 'System'}</span>
    </button>
  );
}
