'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiClientError } from '@/lib/client/api-client';
import { humanize } from '@/lib/client/format';

// Two people, one record: edit forms send If-Match with the record they were opened with; when
// someone else saved in between, the API answers 412 with the current record. This panel shows
// what they changed next to what you changed, and re-applies only your changes on their version.

type Json = Record<string, unknown>;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const BOOKKEEPING = new Set(['id', 'created_at', 'updated_at', 'url']);

/** The fields of `payload` that differ from what the form started with: your changes. */
export function changedFields(payload: Json, original: Json): Json {
  return Object.fromEntries(Object.entries(payload).filter(([k, v]) => !same(v, original[k])));
}

/** The current record of a 412, or null for any other error. */
export function conflictRecord(error: unknown): Json | null {
  return error instanceof ApiClientError && error.status === 412 && error.current && typeof error.current === 'object' ? (error.current as Json) : null;
}

export interface Conflict<T> {
  /** The record the edit started from. */
  base: T;
  /** The record as it is now. */
  current: T;
  /** Your changes (API fields), to re-apply on it. */
  mine: Json;
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') {
    const named = value as { name?: unknown; id?: unknown };
    if (typeof named.name === 'string') return named.name;
    return (
      Object.values(value as Json)
        .filter((v) => v !== null && v !== '')
        .map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v)))
        .join(', ') || '—'
    );
  }
  return String(value);
}

/** A field for people: `company_id` is the company. */
const fieldName = (field: string) => humanize(field.replace(/_id$/, ''));

/** Your value of a record field: `company` is edited as `company_id`. */
function yours(mine: Json, field: string): { has: boolean; value: unknown } {
  if (field in mine) return { has: true, value: mine[field] };
  if (`${field}_id` in mine) return { has: true, value: mine[`${field}_id`] };
  return { has: false, value: undefined };
}

export function EditConflict<T extends object>({
  conflict,
  onReapply,
  onDiscard,
}: {
  conflict: Conflict<T>;
  onReapply: () => Promise<void>;
  onDiscard: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const before = conflict.base as Json;
  const now = conflict.current as Json;
  const theirs = Object.keys(now).filter((k) => !BOOKKEEPING.has(k) && !same(before[k], now[k]));
  return (
    <section
      role="alert"
      aria-label="Edit conflict"
      className="space-y-3 rounded-md border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h3 className="font-semibold">Someone else changed this record while you were editing it</h3>
      <p>Nothing of yours was saved yet. Their changes:</p>
      {theirs.length === 0 ? (
        <p>No field you can see differs (only its bookkeeping changed).</p>
      ) : (
        <table className="w-full text-left">
          <thead>
            <tr>
              <th className="py-1 pr-3 font-medium">Field</th>
              <th className="py-1 pr-3 font-medium">Was</th>
              <th className="py-1 pr-3 font-medium">Theirs (now)</th>
              <th className="py-1 font-medium">Yours</th>
            </tr>
          </thead>
          <tbody>
            {theirs.map((field) => {
              const mine = yours(conflict.mine, field);
              return (
                <tr key={field} data-field={field} className="border-t border-amber-200 dark:border-amber-800">
                  <td className="py-1 pr-3">{humanize(field)}</td>
                  <td className="py-1 pr-3">{show(before[field])}</td>
                  <td className="py-1 pr-3">{show(now[field])}</td>
                  <td className="py-1">{mine.has ? show(mine.value) : 'unchanged'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p>Your changes: {Object.keys(conflict.mine).length === 0 ? 'none' : Object.keys(conflict.mine).map(fieldName).join(', ')}.</p>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onReapply();
            } finally {
              setBusy(false);
            }
          }}
        >
          Re-apply my changes to their version
        </Button>
        <Button variant="secondary" onClick={onDiscard} disabled={busy}>
          Discard mine
        </Button>
      </div>
    </section>
  );
}

/**
 * The conflict handling of one edit form. `original` turns a record into the form's payload, so
 * your changes are the fields you actually edited. `caught` takes a failed save: true when it
 * was a conflict, now shown by `panel`. Re-applying saves only your changes, with the current
 * record's ETag; discarding resets the form to the current record.
 */
export function useEditConflict<T extends object>(record: T | undefined, original: (record: T) => Json) {
  const [base, setBase] = useState(record);
  const [conflict, setConflict] = useState<Conflict<T> | null>(null);

  const caught = (error: unknown, payload: Json): boolean => {
    const current = conflictRecord(error);
    if (!base || !current) return false;
    setConflict({ base, current: current as T, mine: changedFields(payload, original(base)) });
    return true;
  };

  const panel = (save: (changes: Json, base: T) => Promise<void>, discard: (current: T) => void, failed: (error: unknown) => void) =>
    conflict ? (
      <EditConflict
        conflict={conflict}
        onReapply={async () => {
          try {
            await save(conflict.mine, conflict.current);
            setBase(conflict.current);
            setConflict(null);
          } catch (error) {
            const current = conflictRecord(error);
            if (current) setConflict({ base: conflict.current, current: current as T, mine: conflict.mine });
            else {
              setConflict(null);
              failed(error);
            }
          }
        }}
        onDiscard={() => {
          setBase(conflict.current);
          setConflict(null);
          discard(conflict.current);
        }}
      />
    ) : null;

  return { base, caught, panel };
}
