'use client';

import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState, Skeleton } from '@/components/ui/states';
import { ApiClientError } from '@/lib/client/api-client';
import { formatDate, humanize } from '@/lib/client/format';
import { companyQuery, type Company } from '@/lib/client/hooks/use-companies';
import { contactQuery, type Contact } from '@/lib/client/hooks/use-contacts';
import { useMergeRecords, type Duplicate, type Merge } from '@/lib/client/hooks/use-merges';
import type { MergeResource } from '@/lib/shared/validation/enums';
import { listWords, mergeSentences, oldestId, RESOURCE_WORDS } from './merge-words';

// "Review and merge": the records of a group side by side, a row per field with whose value to
// keep, which record to keep (the oldest unless picked), then a dry run that says what will move,
// then the merge. On a phone each field's choices stack under its name.

interface FieldRow<T> {
  /** The merge's field name (what `fields` takes). */
  key: string;
  label: string;
  value: (record: T) => string | null;
}

interface Loaded<T> {
  records: T[];
  error: Error | null;
  refetch: () => void;
}

/** Several records' queries as one: those loaded, the first error, retry them all. */
const combined = <T,>(results: UseQueryResult<T>[]): Loaded<T> => ({
  records: results.flatMap((r) => (r.data ? [r.data] : [])),
  error: results.find((r) => r.error)?.error ?? null,
  refetch: () => results.forEach((r) => void r.refetch()),
});

interface Spec<T> {
  useRecords: (ids: string[]) => Loaded<T>;
  name: (record: T) => string;
  fields: FieldRow<T>[];
}

const addressLine = (a: Company['address']) =>
  [a.street_address, a.street_address2, a.city, [a.state, a.zip].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ') || null;

const COMPANY: Spec<Company> = {
  useRecords: (ids) => useQueries({ queries: ids.map((id) => companyQuery(id)), combine: combined }),
  name: (c) => c.name,
  fields: [
    { key: 'name', label: 'Name', value: (c) => c.name },
    { key: 'phone', label: 'Phone', value: (c) => c.phone },
    { key: 'website', label: 'Website', value: (c) => c.website },
    { key: 'category', label: 'Category', value: (c) => (c.category ? humanize(c.category) : null) },
    { key: 'address', label: 'Address', value: (c) => addressLine(c.address) },
    { key: 'description', label: 'Description', value: (c) => c.description },
  ],
};

const CONTACT: Spec<Contact> = {
  useRecords: (ids) => useQueries({ queries: ids.map((id) => contactQuery(id)), combine: combined }),
  name: (c) => c.name ?? c.email ?? `#${c.id}`,
  fields: [
    { key: 'first_name', label: 'First name', value: (c) => c.first_name },
    { key: 'last_name', label: 'Last name', value: (c) => c.last_name },
    { key: 'email', label: 'Email', value: (c) => c.email },
    { key: 'job_title', label: 'Job title', value: (c) => c.job_title },
    { key: 'mobile_phone', label: 'Mobile phone', value: (c) => c.mobile_phone },
    { key: 'office_phone', label: 'Office phone', value: (c) => c.office_phone },
    { key: 'linked_in_profile_url', label: 'LinkedIn', value: (c) => c.linked_in_profile_url },
    { key: 'company_id', label: 'Company', value: (c) => c.company?.name ?? null },
    { key: 'assigned_to_id', label: 'Assigned to', value: (c) => c.assigned_to?.name ?? c.assigned_to?.email ?? null },
  ],
};

/** Why a merge or its check failed, in words (the API's own for a refusal a person can act on). */
function failure(error: Error): string {
  if (!(error instanceof ApiClientError)) return error.message;
  if (error.status === 404) return 'One of these records was merged or deleted in the meantime. Close this and look again.';
  if (error.status === 422) return 'These records can no longer be merged this way. Close this and look again.';
  return error.message;
}

const option =
  'flex min-w-0 cursor-pointer items-start gap-2 rounded-md border border-slate-200 px-2.5 py-2 text-sm has-checked:border-blue-600 has-checked:bg-blue-50 dark:border-slate-700 dark:has-checked:border-blue-400 dark:has-checked:bg-blue-950';
const sameValue = 'min-w-0 rounded-md px-2.5 py-2 text-sm text-slate-600 dark:text-slate-400';

export function MergeReview({ resource, group, onMerged, onCancel }: MergeReviewProps) {
  return resource === 'companies' ? (
    <Review key={resource} spec={COMPANY} resource={resource} group={group} onMerged={onMerged} onCancel={onCancel} />
  ) : (
    <Review key={resource} spec={CONTACT} resource={resource} group={group} onMerged={onMerged} onCancel={onCancel} />
  );
}

interface MergeReviewProps {
  resource: MergeResource;
  group: Duplicate;
  onMerged: (merge: Merge) => void;
  onCancel: () => void;
}

function Review<T extends { id: string; created_at: string }>({ spec, resource, group, onMerged, onCancel }: MergeReviewProps & { spec: Spec<T> }) {
  const ids = group.records.map((r) => r.id);
  const loaded = spec.useRecords(ids);
  const [target, setTarget] = useState(() => oldestId(group.records));
  /** The fields whose value the person chose; the others follow the defaults below. */
  const [picks, setPicks] = useState<Record<string, string>>({});
  const preview = useMergeRecords();
  const merge = useMergeRecords();
  const words = RESOURCE_WORDS[resource];

  // Once merged, the records merged answer "merged": the dialog closes, nothing to show.
  if (merge.data) return <p role="status">Merged.</p>;
  if (loaded.error && !merge.isPending) return <ErrorState error={loaded.error} onRetry={loaded.refetch} />;
  if (loaded.records.length < ids.length) {
    return (
      <div role="status" aria-label="Loading" className="space-y-2">
        {spec.fields.map((f) => (
          <Skeleton key={f.key} className="h-9 w-full" />
        ))}
      </div>
    );
  }

  const records = ids.map((id) => loaded.records.find((r) => r.id === id)!);
  const kept = records.find((r) => r.id === target) ?? records[0]!;
  const sources = records.filter((r) => r !== kept);
  const differs = (f: FieldRow<T>) => new Set(records.map((r) => f.value(r) ?? '')).size > 1;
  /** Whose value a field keeps: the person's pick, else the kept record's, else (when it has none) the first record's that has one. */
  const pickOf = (f: FieldRow<T>) => picks[f.key] ?? (f.value(kept) ? kept.id : (records.find((r) => f.value(r))?.id ?? kept.id));
  const fields = Object.fromEntries(
    spec.fields.flatMap((f) => {
      const from = pickOf(f);
      return differs(f) && from !== kept.id ? [[f.key, from]] : [];
    }),
  );
  const request = { resource, targetId: kept.id, sourceIds: sources.map((s) => s.id), fields };
  // A change of choice asks for a new check.
  const choose = (change: () => void) => {
    change();
    preview.reset();
    merge.reset();
  };
  const failed = preview.error ?? merge.error;
  const columns = { '--records': records.length } as CSSProperties;
  const grid = 'grid gap-1.5 sm:grid-cols-[8rem_repeat(var(--records),minmax(10rem,1fr))] sm:gap-2';

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Pick the {words.one} to keep and, where they differ, whose details it keeps. The others are merged into it: everything linked to them moves there.
      </p>
      <div className="-mx-1 overflow-x-auto px-1" style={columns}>
        <div role="radiogroup" aria-labelledby="merge-keep" className={`${grid} border-b border-slate-200 pb-3 dark:border-slate-700`}>
          <div id="merge-keep" className="self-center text-sm font-semibold">
            Keep
          </div>
          {records.map((r) => (
            <label key={r.id} className={option}>
              <input
                type="radio"
                name="merge-keep"
                className="mt-0.5 shrink-0"
                checked={r.id === kept.id}
                onChange={() => choose(() => setTarget(r.id))}
                aria-label={`Keep ${spec.name(r)}`}
              />
              <span className="min-w-0 break-words">
                <span className="block font-medium">{spec.name(r)}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">Added {formatDate(r.created_at)}</span>
              </span>
            </label>
          ))}
        </div>
        {spec.fields.map((f) =>
          differs(f) ? (
            <div
              key={f.key}
              role="radiogroup"
              aria-labelledby={`merge-field-${f.key}`}
              className={`${grid} border-b border-slate-100 py-2 dark:border-slate-800`}
            >
              <div id={`merge-field-${f.key}`} className="self-center text-sm font-medium text-slate-700 dark:text-slate-300">
                {f.label}
              </div>
              {records.map((r) => (
                <label key={r.id} className={option}>
                  <input
                    type="radio"
                    name={`merge-field-${f.key}`}
                    className="mt-0.5 shrink-0"
                    checked={pickOf(f) === r.id}
                    onChange={() => choose(() => setPicks((p) => ({ ...p, [f.key]: r.id })))}
                    aria-label={`${f.label} of ${spec.name(r)}`}
                  />
                  <span className="min-w-0 break-words">
                    <span className={`block ${f.key === 'description' ? 'line-clamp-3' : ''}`}>{f.value(r) ?? '—'}</span>
                    {f.value(r) === spec.name(r) ? null : <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{spec.name(r)}</span>}
                  </span>
                </label>
              ))}
            </div>
          ) : (
            <div key={f.key} className={`${grid} border-b border-slate-100 py-2 dark:border-slate-800`}>
              <div className="self-center text-sm font-medium text-slate-700 dark:text-slate-300">{f.label}</div>
              <div className={`${sameValue} sm:col-span-(--records)`}>
                {f.value(kept) ? (
                  <>
                    <span className={`block break-words ${f.key === 'description' ? 'line-clamp-3' : ''}`}>{f.value(kept)}</span>
                    <span className="block text-xs">The same in each</span>
                  </>
                ) : (
                  <span className="text-xs">Empty in each</span>
                )}
              </div>
            </div>
          ),
        )}
      </div>

      {preview.data && !preview.isPending ? (
        <div
          role="status"
          aria-label="What the merge will do"
          className="space-y-1 rounded-md border border-blue-200 bg-blue-50 px-3 py-2.5 text-sm text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100"
        >
          {mergeSentences(preview.data.counts, spec.name(kept), sources.map(spec.name)).map((s) => (
            <p key={s}>{s}</p>
          ))}
          <p>
            {listWords(sources.map(spec.name))} will then be gone from the lists, and {sources.length === 1 ? 'its page points' : 'their pages point'} to{' '}
            {spec.name(kept)}. You can undo this for 24 hours.
          </p>
        </div>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure(failed)}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {preview.data ? (
          <>
            <Button variant="secondary" onClick={() => choose(() => undefined)}>
              Back
            </Button>
            <Button disabled={merge.isPending} onClick={() => merge.mutate({ ...request, dryRun: false }, { onSuccess: onMerged })}>
              {merge.isPending ? 'Merging…' : 'Merge'}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button disabled={preview.isPending} onClick={() => preview.mutate({ ...request, dryRun: true })}>
              {preview.isPending ? 'Checking…' : 'Check what will move'}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
