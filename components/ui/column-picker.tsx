'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { Column } from '@/components/ui/data-table';

// Which columns a table shows (`columns=` in the page's URL, comma-separated keys; absent: all of
// them), chosen in a dialog and kept by saved views (docs/saved-views.md). Some columns always show
// (the record's name, its actions).

const labelOf = <T,>(c: Column<T>) => (typeof c.header === 'string' ? c.header : c.key.replace(/^custom_fields\./, '').replace(/_/g, ' '));

/** The columns to show: every one when `chosen` is empty, else those chosen and the fixed ones, in the table's order. */
export function visibleColumns<T>(all: Column<T>[], chosen: string | undefined, fixed: readonly string[]): Column<T>[] {
  if (!chosen) return all;
  const keys = new Set(chosen.split(','));
  return all.filter((c) => fixed.includes(c.key) || keys.has(c.key));
}

export function ColumnPicker<T>({
  columns,
  chosen,
  fixed,
  labels = {},
  onChange,
}: {
  columns: Column<T>[];
  /** The URL's `columns` value. */
  chosen: string | undefined;
  /** Keys always shown (not offered). */
  fixed: readonly string[];
  /** Labels for columns whose header is not text. */
  labels?: Record<string, string>;
  onChange: (columns: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const offered = columns.filter((c) => !fixed.includes(c.key));
  const shown = new Set(chosen ? chosen.split(',') : offered.map((c) => c.key));
  const [draft, setDraft] = useState(shown);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setDraft(new Set(shown));
          setOpen(true);
        }}
      >
        Columns
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Columns">
        {open ? (
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              const keys = offered.filter((c) => draft.has(c.key)).map((c) => c.key);
              onChange(keys.length === offered.length ? null : keys.join(','));
              setOpen(false);
            }}
          >
            <fieldset className="grid gap-2 sm:grid-cols-2">
              <legend className="sr-only">Columns to show</legend>
              {offered.map((c) => (
                <label key={c.key} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={draft.has(c.key)}
                    onChange={(e) => {
                      const next = new Set(draft);
                      if (e.target.checked) next.add(c.key);
                      else next.delete(c.key);
                      setDraft(next);
                    }}
                  />
                  {labels[c.key] ?? labelOf(c)}
                </label>
              ))}
            </fieldset>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => setDraft(new Set(offered.map((c) => c.key)))}>
                All
              </Button>
              <Button type="submit">Show</Button>
            </div>
          </form>
        ) : null}
      </Dialog>
    </>
  );
}
