'use client';

import { useQueries } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_SOURCES, searchQuery } from '@/lib/client/hooks/use-palette-search';
import { useAccess } from './access-context';
import { visibleLinks } from './nav-links';

const itemClass =
  'flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-2 text-sm text-slate-800 data-[selected=true]:bg-blue-50 data-[selected=true]:text-blue-900 dark:text-slate-200 dark:data-[selected=true]:bg-blue-950 dark:data-[selected=true]:text-blue-100';
const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-600 dark:[&_[cmdk-group-heading]]:text-slate-400';

/**
 * Jump to any lead, project, company, contact or employee by name: the search of each resource's API
 * (`q`, a few hits each), typed into a combobox. Loaded on first use; lives in a native modal dialog.
 */
export default function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const ref = useRef<HTMLDialogElement>(null);
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the dialog itself unless a child has the autofocus attribute (React's autoFocus sets none).
      dialog.querySelector('input')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // One request per resource once typing pauses, not one per keystroke.
  useEffect(() => {
    const t = setTimeout(() => setQ(input.trim()), 200);
    return () => clearTimeout(t);
  }, [input]);

  const { role, access, can } = useAccess();
  const sources = SEARCH_SOURCES.filter((s) => can(s.area, 'read'));
  const results = useQueries({ queries: sources.map((s) => searchQuery(s.kind, q)) });
  const loading = q !== input.trim() || results.some((r) => r.isFetching);
  const needle = input.trim().toLowerCase();
  const pages = visibleLinks(role, access).filter((l) => l.label.toLowerCase().includes(needle));
  const found = results.some((r) => r.data?.length);
  const failed = results.filter((r) => r.error).length;

  // The highlighted item is always the first one shown, whichever search answered first (cmdk
  // would otherwise keep the first item that arrived, and Enter open it).
  const values = [
    ...(needle ? sources.flatMap((s, i) => (results[i]?.data ?? []).map((h) => `${s.kind}-${h.id}`)) : []),
    ...pages.map((l) => `page-${l.href}`),
  ];
  const shown = values.join(' ');
  const [selected, setSelected] = useState('');
  const [shownBefore, setShownBefore] = useState('');
  if (shown !== shownBefore) {
    setShownBefore(shown);
    setSelected(values[0] ?? '');
  }

  const go = (href: string) => {
    onClose();
    setInput('');
    router.push(href);
  };

  return (
    <dialog
      ref={ref}
      aria-label="Command palette"
      onClose={onClose}
      onClick={(e) => e.target === ref.current && onClose()}
      className="mx-auto mb-auto mt-[10vh] w-[calc(100%-1.5rem)] max-w-xl rounded-lg bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 dark:bg-slate-900 dark:text-slate-100"
    >
      {open ? (
        <Command
          value={selected}
          onValueChange={setSelected}
          shouldFilter={false}
          loop
          label="Search leads, projects, companies, contacts and employees"
          className="flex max-h-[70vh] flex-col"
        >
          <div className="flex items-center gap-2 border-b border-slate-200 px-3 dark:border-slate-700">
            <span aria-hidden className="text-slate-500">
              ⌕
            </span>
            <Command.Input
              value={input}
              onValueChange={setInput}
              placeholder="Find a lead, project, company, contact or employee…"
              className="h-12 w-full bg-transparent text-base outline-none placeholder:text-slate-500 dark:placeholder:text-slate-400"
            />
            <kbd className="hidden rounded border border-slate-300 px-1.5 py-0.5 text-xs text-slate-600 sm:inline dark:border-slate-600 dark:text-slate-300">
              Esc
            </kbd>
          </div>
          {/* Outside the listbox, which may hold only options: what the search is doing, announced politely. */}
          <div aria-live="polite" className="text-sm text-slate-600 empty:hidden dark:text-slate-400">
            {!needle ? (
              <p className="px-5 pt-3">Type a name to search, or go to a page.</p>
            ) : loading ? (
              <p className="px-5 pt-3">Searching…</p>
            ) : !found && pages.length === 0 ? (
              <p className="px-5 py-6 text-center">Nothing named “{input.trim()}”. Try part of the name.</p>
            ) : null}
            {failed ? <p className="px-5 pt-3 text-red-700 dark:text-red-400">Some results could not be loaded.</p> : null}
          </div>
          <Command.List hidden={!found && pages.length === 0} className="overflow-y-auto px-2 pb-2">
            {sources.map((s, i) => {
              const hits = results[i]?.data ?? [];
              if (!needle || hits.length === 0) return null;
              return (
                <Command.Group key={s.kind} heading={s.label} className={groupClass}>
                  {hits.map((h) => (
                    <Command.Item key={h.id} value={`${s.kind}-${h.id}`} onSelect={() => go(h.href)} className={itemClass}>
                      <span className="min-w-0 truncate font-medium">{h.title}</span>
                      {h.detail ? <span className="shrink-0 truncate text-xs text-slate-600 dark:text-slate-400">{h.detail}</span> : null}
                    </Command.Item>
                  ))}
                </Command.Group>
              );
            })}
            {pages.length ? (
              <Command.Group heading="Go to" className={groupClass}>
                {pages.map((l) => (
                  <Command.Item key={l.href} value={`page-${l.href}`} onSelect={() => go(l.href)} className={itemClass}>
                    <span>{l.label}</span>
                  </Command.Item>
                ))}
              </Command.Group>
            ) : null}
          </Command.List>
        </Command>
      ) : null}
    </dialog>
  );
}
