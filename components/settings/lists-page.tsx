'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAccess } from '@/components/shell/access-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, inputClass } from '@/components/ui/field';
import { ErrorState, TableSkeleton } from '@/components/ui/states';
import { api } from '@/lib/client/api-client';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import {
  EDITABLE_LISTS,
  useCreateEntry,
  useDeleteEntry,
  useListEntries,
  useMergeEntry,
  useUpdateEntry,
  type EditableList,
  type ListEntry,
} from '@/lib/client/hooks/use-lists';
import { MergeForm } from './merge-form';
import { SettingsSection } from './settings-section';
import { CARD } from '@/components/ui/section-card';

// Settings → Lists (docs/settings.md): the pick lists of the account's forms. Admins add a value,
// rename it, archive it (kept on its records, offered for no new one), merge it into another (its
// records move there) or delete it when nothing uses it; everyone sees how many records use each.

/** The API's fixed sets: the same in every account, shown so people know them. */
const FIXED_LISTS = [
  { key: 'company_categories', label: 'Company categories', path: '/company_categories' },
  { key: 'project_team_roles', label: 'Project team roles', path: '/project_team_roles' },
] as const;
type ListKey = (typeof EDITABLE_LISTS)[number]['key'] | (typeof FIXED_LISTS)[number]['key'];

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function EntryRow({
  list,
  entry,
  entries,
  isAdmin,
  onMerge,
}: {
  list: EditableList;
  entry: ListEntry;
  entries: ListEntry[];
  isAdmin: boolean;
  onMerge: (e: ListEntry) => void;
}) {
  const update = useUpdateEntry();
  const remove = useDeleteEntry();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(entry.name);
  const archived = entry.archived_at !== null;
  const change = (changes: Record<string, unknown>, message: string) =>
    update
      .mutateAsync({ list, id: entry.id, changes, base: entry })
      .then(() => toast.success(message))
      .catch(() => undefined); // the mutation cache's handler shows the error
  const others = entries.filter((e) => e.id !== entry.id).length;
  return (
    <li className={`flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 ${archived ? 'bg-slate-50 dark:bg-slate-900/60' : ''}`}>
      <div className="min-w-40 flex-1">
        {renaming ? (
          <form
            className="flex flex-wrap items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void change({ name: name.trim() }, `Renamed to “${name.trim()}”.`).then(() => setRenaming(false));
            }}
          >
            <input
              aria-label={`New name for “${entry.name}”`}
              className={`${inputClass} min-w-40 flex-1`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus
              maxLength={255}
            />
            <Button type="submit" size="sm" disabled={!name.trim() || name.trim() === entry.name || update.isPending}>
              Save
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setName(entry.name);
                setRenaming(false);
              }}
            >
              Cancel
            </Button>
          </form>
        ) : (
          <p className="font-medium">
            {entry.name}
            {'abbreviation' in entry && entry.abbreviation ? (
              <span className="ml-1.5 text-sm font-normal text-slate-600 dark:text-slate-400">({entry.abbreviation})</span>
            ) : null}
            {archived ? (
              <span className="ml-2">
                <Badge tone="grey">Archived</Badge>
              </span>
            ) : null}
          </p>
        )}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {entry.usage_count === 0 ? `Not used yet` : `Used by ${plural(entry.usage_count, 'record')}`}
        </p>
      </div>
      {isAdmin && !renaming ? (
        <div className="flex flex-wrap items-center gap-1">
          <Button variant="ghost" size="sm" onClick={() => setRenaming(true)}>
            Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={update.isPending}
            onClick={() =>
              change({ archived: !archived }, archived ? `Restored “${entry.name}”.` : `Archived “${entry.name}”: records keep it, forms no longer offer it.`)
            }
          >
            {archived ? 'Restore' : 'Archive'}
          </Button>
          <Button variant="ghost" size="sm" disabled={others === 0} onClick={() => onMerge(entry)}>
            Merge…
          </Button>
          {entry.usage_count === 0 ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ list, id: entry.id }, { onSuccess: () => toast.success(`Deleted “${entry.name}”.`) })}
            >
              Delete
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function MergeDialog({ list, entry, entries, onClose }: { list: EditableList; entry: ListEntry | null; entries: ListEntry[]; onClose: () => void }) {
  const merge = useMergeEntry();
  const targets = entries.filter((e) => e.id !== entry?.id).map((t) => ({ id: t.id, name: t.archived_at ? `${t.name} (archived)` : t.name }));
  return (
    <Dialog open={entry !== null} onClose={onClose} title={entry ? `Merge “${entry.name}”` : 'Merge'}>
      {entry ? (
        <MergeForm
          label="Merge into"
          choose={`Choose a ${list.one}`}
          options={targets}
          submit={`Merge and delete “${entry.name}”`}
          pending={merge.isPending}
          onCancel={onClose}
          onMerge={(intoId) =>
            merge.mutate(
              { list, id: entry.id, intoId },
              {
                onSuccess: (kept) => {
                  toast.success(`Merged “${entry.name}” into “${kept.name}”.`);
                  onClose();
                },
              },
            )
          }
        >
          <p className="text-sm">
            {entry.usage_count === 0 ? 'No record uses it.' : `${plural(entry.usage_count, 'record')} use it;`}{' '}
            {entry.usage_count === 0 ? '' : 'they will use the value you choose, and '}“{entry.name}” will be deleted. This cannot be undone.
          </p>
        </MergeForm>
      ) : null}
    </Dialog>
  );
}

function AddEntry({ list }: { list: EditableList }) {
  const create = useCreateEntry();
  const [name, setName] = useState('');
  const [abbreviation, setAbbreviation] = useState('');
  const isRole = list.key === 'workforce_roles';
  return (
    <form
      className="flex flex-wrap items-end gap-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800"
      onSubmit={(e) => {
        e.preventDefault();
        const fields = { name: name.trim(), ...(isRole && abbreviation.trim() && { abbreviation: abbreviation.trim() }) };
        create.mutate(
          { list, fields },
          {
            onSuccess: () => {
              toast.success(`Added “${fields.name}”.`);
              setName('');
              setAbbreviation('');
            },
          },
        );
      }}
    >
      <Field label={`New ${list.one}`} className="min-w-48 flex-1">
        {(a) => <Input {...a} value={name} onChange={(e) => setName(e.target.value)} maxLength={255} required />}
      </Field>
      {isRole ? (
        <Field label="Abbreviation" className="w-32">
          {(a) => <Input {...a} value={abbreviation} onChange={(e) => setAbbreviation(e.target.value)} maxLength={255} />}
        </Field>
      ) : null}
      <Button type="submit" disabled={!name.trim() || create.isPending}>
        Add
      </Button>
    </form>
  );
}

function EditableListSection({ list, isAdmin }: { list: EditableList; isAdmin: boolean }) {
  const query = useListEntries(list);
  const [merging, setMerging] = useState<ListEntry | null>(null);
  const entries = query.data ?? [];
  const live = entries.filter((e) => !e.archived_at).length;
  return (
    <SettingsSection
      id="list-heading"
      title={list.label}
      description={
        <>
          Used on {list.usedBy}.{' '}
          {query.data ? `${plural(live, 'value')} offered in forms${entries.length > live ? `, ${entries.length - live} archived` : ''}. ` : ''}
          {isAdmin ? 'Archive a value to stop offering it (records keep it); merge two into one to tidy the list.' : 'Only an admin can change the list.'}
        </>
      }
    >
      <div className={CARD}>
        {query.error ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : !query.data ? (
          <TableSkeleton rows={4} />
        ) : entries.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">
            No {list.label.toLowerCase()} yet.{isAdmin ? ' Add the first below.' : ''}
          </p>
        ) : (
          <ul aria-label={list.label} className="divide-y divide-slate-100 dark:divide-slate-800">
            {entries.map((entry) => (
              <EntryRow key={`${entry.id}-${entry.updated_at}`} list={list} entry={entry} entries={entries} isAdmin={isAdmin} onMerge={setMerging} />
            ))}
          </ul>
        )}
        {isAdmin ? <AddEntry list={list} /> : null}
      </div>
      <MergeDialog list={list} entry={merging} entries={entries} onClose={() => setMerging(null)} />
    </SettingsSection>
  );
}

function FixedListSection({ list }: { list: (typeof FIXED_LISTS)[number] }) {
  const query = useQuery({
    queryKey: ['lookups', list.path, 'fixed'],
    queryFn: async () => (await api.list<{ id: string; name: string }>(list.path, list.key, { per_page: 100 })).items,
    staleTime: Infinity,
  });
  return (
    <SettingsSection id="list-heading" title={list.label} description="A set that is the same in every Groundwork account: it cannot be changed.">
      <div className={CARD}>
        {query.error ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : !query.data ? (
          <TableSkeleton rows={4} />
        ) : (
          <ul aria-label={list.label} className="divide-y divide-slate-100 dark:divide-slate-800">
            {query.data.map((v) => (
              <li key={v.id} className="px-4 py-2.5 text-sm">
                {v.name}
              </li>
            ))}
          </ul>
        )}
      </div>
    </SettingsSection>
  );
}

const ALL: { key: ListKey; label: string }[] = [...EDITABLE_LISTS, ...FIXED_LISTS];
const URL_KEYS = ['list'] as const;

/** The lists, one shown at a time (`?list=`), chosen from a menu beside it (a select on a phone). */
export function ListsPage() {
  const isAdmin = useAccess().role === 'admin';
  const [state, setState] = useUrlState(URL_KEYS);
  const current = ALL.find((l) => l.key === state.list) ?? ALL[0]!;
  const editable = EDITABLE_LISTS.find((l) => l.key === current.key);
  const fixed = FIXED_LISTS.find((l) => l.key === current.key);
  return (
    <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
      <div>
        <label className="md:hidden">
          <span className="mb-1 block text-sm font-medium">List</span>
          <select className={`${inputClass} w-full`} value={current.key} onChange={(e) => setState({ list: e.target.value })}>
            {ALL.map((l) => (
              <option key={l.key} value={l.key}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
        <nav aria-label="Lists" className="hidden md:block">
          <ul className="space-y-0.5">
            {ALL.map((l) => (
              <li key={l.key}>
                <button
                  type="button"
                  aria-current={l.key === current.key ? 'page' : undefined}
                  onClick={() => setState({ list: l.key })}
                  className="w-full rounded-md px-3 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-blue-50 aria-[current=page]:font-medium aria-[current=page]:text-blue-800 dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-blue-950 dark:aria-[current=page]:text-blue-200"
                >
                  {l.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {editable ? <EditableListSection key={editable.key} list={editable} isAdmin={isAdmin} /> : fixed ? <FixedListSection list={fixed} /> : null}
    </div>
  );
}
