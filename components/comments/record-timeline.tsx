'use client';

import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useAccess } from '@/components/shell/access-context';
import { Button } from '@/components/ui/button';
import { RelativeTime } from '@/components/ui/relative-time';
import { SectionCard } from '@/components/ui/section-card';
import { ApiClientError } from '@/lib/client/api-client';
import { formatCents, formatDollars } from '@/lib/client/format';
import { useCreateComment } from '@/lib/client/hooks/use-comments';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { EmailDetails } from '@/components/emails/email-details';
import { useTimeline, type TimelineEntry } from '@/lib/client/hooks/use-timeline';
import { useMe } from '@/lib/client/hooks/use-users';
import type { TimelineKind, TimelineSubject } from '@/lib/shared/validation/timeline';
import { CommentItem, MentionBox, type Person } from './comment-item';
import { fieldLabel } from '@/lib/shared/domain/timeline';
import { humanize } from '@/lib/shared/text';

// A record's timeline (docs/collaboration.md#timeline): the comment box on top, then its comments,
// changes, calls and tasks in one stream, newest first, filtered by kind; older entries on demand.

const FILTERS: { label: string; kinds: TimelineKind[]; on: TimelineSubject[] }[] = [
  { label: 'Everything', kinds: [], on: ['lead', 'project', 'company', 'contact'] },
  { label: 'Comments', kinds: ['comment'], on: ['lead', 'project', 'company', 'contact'] },
  { label: 'Changes', kinds: ['change', 'created'], on: ['lead', 'project', 'company', 'contact'] },
  { label: 'Calls', kinds: ['call'], on: ['project', 'company', 'contact'] },
  { label: 'Tasks', kinds: ['task'], on: ['project', 'contact'] },
  { label: 'Documents', kinds: ['document'], on: ['lead', 'project', 'company', 'contact'] },
  { label: 'Email', kinds: ['email'], on: ['lead', 'project', 'company', 'contact'] },
];

/** A changed value for people: dollars and percentages as such, a list by commas, nothing as a dash. */
function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && (field === 'amount' || field === 'estimated_cost')) return formatDollars(value);
  if (typeof value === 'number' && field.endsWith('_in_cents')) return formatCents(value);
  if (typeof value === 'number' && field === 'probability') return `${Math.round(value * 1000) / 10}%`;
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText('', v)).join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return 'changed';
  const text = String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** A field as the summaries name it, capitalised: "Amount", "Bid due date". */
const fieldName = (field: string) => humanize(fieldLabel(field));

/** What a change changed, field by field (when it was recorded, and not too long to read). */
function ChangeDetails({ changes }: { changes: NonNullable<TimelineEntry['changes']> }) {
  const fields = Object.keys(changes).filter((f) => !['stage_entered_at', 'updated_at'].includes(f));
  // One field: its sentence says it all ("changed the amount from … to …").
  if (fields.length < 2 || fields.length > 8) return null;
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-600 dark:text-slate-400">
      {fields.map((f) => (
        <div key={f} className="contents">
          <dt className="font-medium">{fieldName(f)}</dt>
          <dd className="min-w-0 break-words">
            {valueText(f, changes[f]![0])} → {valueText(f, changes[f]![1])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const DOT: Record<TimelineKind, string> = {
  comment: 'bg-blue-500',
  change: 'bg-amber-500',
  created: 'bg-emerald-500',
  call: 'bg-violet-500',
  task: 'bg-slate-500',
  document: 'bg-teal-500',
  email: 'bg-rose-500',
};

function EntryItem({ entry }: { entry: TimelineEntry }) {
  return (
    <li className="flex gap-3 px-4 py-3">
      <span aria-hidden className={`mt-1.5 size-2 shrink-0 rounded-full ${DOT[entry.kind]}`} />
      <div className="min-w-0 flex-1 text-sm">
        <p className="text-slate-900 dark:text-slate-100">
          {entry.summary}
          <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">
            <RelativeTime at={entry.occurred_at} />
          </span>
        </p>
        {entry.changes ? <ChangeDetails changes={entry.changes} /> : null}
        {entry.document ? (
          <a
            href={entry.document.download_url}
            target="_blank"
            rel="noreferrer"
            className="mt-1 inline-block text-xs font-medium text-blue-700 hover:underline dark:text-blue-400"
          >
            Open {entry.document.name}
          </a>
        ) : null}
        {entry.email ? <EmailDetails email={entry.email} /> : null}
        {entry.call?.notes ? <p className="mt-1 line-clamp-3 text-xs text-slate-600 dark:text-slate-400">{entry.call.notes}</p> : null}
      </div>
    </li>
  );
}

/** The timeline of a lead, project, company or contact, with the comment box. */
export function RecordTimeline({ type, id }: { type: TimelineSubject; id: string }) {
  const [filter, setFilter] = useState(0);
  const filters = FILTERS.filter((f) => f.on.includes(type));
  const chosen = filters[filter] ?? filters[0]!;
  const query = useTimeline(type, id, chosen.kinds);
  const create = useCreateComment();
  const me = useMe().data;
  const { role } = useAccess();
  const people: Person[] = (useOptions('/users', 'users').data ?? []).map((u) => ({ id: u.id, name: u.name }));
  const [draft, setDraft] = useState('');
  const post = () => {
    if (!draft.trim() || create.isPending) return;
    create.mutate(
      { commentable_type: type, commentable_id: id, body: draft },
      {
        onSuccess: () => setDraft(''),
        onError: (error) => toast.error(error instanceof ApiClientError ? error.message : 'The comment was not posted.'),
      },
    );
  };
  const entries = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total;
  const loaded = query.data !== undefined;
  // Opened at a comment (a notification's link, `#comment-12`): once the stream is here, go to it.
  useEffect(() => {
    if (!loaded || !window.location.hash.startsWith('#comment-')) return;
    const target = document.getElementById(window.location.hash.slice(1));
    target?.scrollIntoView({ block: 'center' });
    target?.classList.add('ring-2', 'ring-blue-500', 'ring-inset');
  }, [loaded]);
  const headingId = `timeline-${type}-heading`;
  return (
    <SectionCard
      title="Timeline"
      id={headingId}
      total={total}
      query={{ isPending: query.isPending, error: query.error, refetch: query.refetch, isEmpty: false }}
    >
      <form
        className="space-y-2 border-b border-slate-100 p-4 dark:border-slate-800"
        onSubmit={(e) => {
          e.preventDefault();
          post();
        }}
      >
        <MentionBox value={draft} onChange={setDraft} onSubmit={post} label="New comment" people={people} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-slate-600 dark:text-slate-400">**bold**, *italics*, - lists; @ names a colleague; Ctrl+Enter posts.</p>
          <Button type="submit" size="sm" disabled={!draft.trim() || create.isPending}>
            Post comment
          </Button>
        </div>
      </form>
      <div role="group" aria-label="Show" className="flex flex-wrap gap-1 border-b border-slate-100 px-4 py-2 dark:border-slate-800">
        {filters.map((f, i) => (
          <button
            key={f.label}
            type="button"
            aria-pressed={chosen === f}
            onClick={() => setFilter(i)}
            className={`rounded-full px-3 py-1 text-xs font-medium ${
              chosen === f
                ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900'
                : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
            }`}
          >
            {f.label}
          </button>
        ))}
      </div>
      {loaded && entries.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-600 dark:text-slate-400">
          {chosen.kinds.length === 0 || chosen.kinds.includes('comment')
            ? 'No comments yet. Ask a question, or @mention a colleague.'
            : 'Nothing of this kind yet.'}
        </p>
      ) : (
        <ul aria-label="Timeline entries" className="divide-y divide-slate-100 dark:divide-slate-800">
          {entries.map((e) =>
            e.comment ? (
              <CommentItem
                key={e.id}
                comment={e.comment}
                people={people}
                mine={e.comment.author?.id === me?.id}
                mayDelete={e.comment.author?.id === me?.id || role === 'admin'}
              />
            ) : (
              <EntryItem key={e.id} entry={e} />
            ),
          )}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className="border-t border-slate-100 p-3 text-center dark:border-slate-800">
          <Button variant="secondary" size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading…' : 'Show older'}
          </Button>
        </div>
      ) : null}
    </SectionCard>
  );
}
