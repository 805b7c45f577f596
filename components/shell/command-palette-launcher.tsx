'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';

// The palette (cmdk and its searches) loads the first time it opens, not with every page.
const CommandPalette = dynamic(() => import('./command-palette'), { ssr: false });

/** Ctrl-K (⌘-K on a Mac) anywhere, or the header button, opens the command palette. */
export function CommandPaletteLauncher() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === 'k' && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        setUsed(true);
        setOpen((o) => !o);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={show}
        aria-keyshortcuts="Control+K Meta+K"
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm text-slate-600 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <span aria-hidden>⌕</span>
        <span>Search</span>
        <kbd aria-hidden className="hidden rounded border border-slate-300 px-1 text-xs sm:inline dark:border-slate-600">
          Ctrl K
        </kbd>
      </button>
      {used ? <CommandPalette open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
