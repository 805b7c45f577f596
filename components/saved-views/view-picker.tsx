'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { useAccess } from '@/components/shell/access-context';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, inputClass } from '@/components/ui/field';
import { useCreateSavedView, useDeleteSavedView, useSavedViews, useUpdateSavedView, type SavedView } from '@/lib/client/hooks/use-saved-views';
import { useMe } from '@/lib/client/hooks/use-users';
import type { SavedViewResource } from '@/lib/shared/validation/enums';

// A list page's views (docs/saved-views.md): the page's built-in ones, the user's own and the
// account's shared ones. Picking one puts its filters and sort in the URL, with `view=` naming it;
// the current filters are saved as a new view; its owner (or an admin) renames, shares or deletes it.

export interface BuiltInView {
  /** Its name in the URL (`view=inbox`). */
  key: string;
  name: string;
  filters: Record<string, string>;
  sort?: string;
}

export type Filters = Record<string, string | string[]>;

/**
 * For a page whose URL words are not its list's parameters (the tasks page's `view=all`, `status`,
 * `due`): a saved view's filters from the page's, and the page's from a saved view's. What a view
 * cannot keep is left out, and `note` says so when saving.
 */
export interface ViewTranslation {
  toSaved: (page: Filters) => { filters: Filters; note?: string };
  fromSaved: (saved: Filters) => Filters;
}

const same = (a: Filters, b: Filters) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => String(a[k] ?? '') === String(b[k] ?? ''));
};

export function ViewPicker<K extends string>({
  resource,
  keys,
  state,
  setState,
  builtIns,
  what,
  viewKey = 'view' as K,
  translate,
}: {
  resource: SavedViewResource;
  /** The page's URL keys (its filters, `sort`, `page` and `view`). */
  keys: readonly K[];
  state: Partial<Record<K, string>>;
  setState: (changes: Partial<Record<K | 'page', string | null>>) => void;
  builtIns: BuiltInView[];
  /** "leads", for labels. */
  what: string;
  /** The URL key naming the view (`view`; `saved_view` where `view` is taken, as the projects board/table's). */
  viewKey?: K;
  translate?: ViewTranslation;
}) {
  const views = useSavedViews(resource).data ?? [];
  const me = useMe().data;
  const { role } = useAccess();
  const create = useCreateSavedView();
  const update = useUpdateSavedView();
  const remove = useDeleteSavedView();
  const [dialog, setDialog] = useState<{ mode: 'save' } | { mode: 'rename'; view: SavedView } | null>(null);

  const filterKeys = keys.filter((k) => k !== 'page' && k !== viewKey && k !== 'sort' && k !== 'columns');
  // A page whose URL keeps its table's columns (`columns=`) saves and applies them with the view.
  const hasColumns = keys.includes('columns' as K);
  const columns = state['columns' as K] ?? '';
  const current: Filters = Object.fromEntries(filterKeys.flatMap((k) => (state[k] ? [[k, state[k]!]] : [])));
  const sort = state['sort' as K] ?? '';
  // An untouched page (no filter, sort or view in its URL) is its built-in view without filters ("All companies").
  const untouched = !state[viewKey] && !sort && Object.keys(current).length === 0;
  const named = state[viewKey] || (untouched ? (builtIns.find((v) => Object.keys(v.filters).length === 0 && !v.sort)?.key ?? '') : '');
  const builtIn = builtIns.find((v) => v.key === named);
  const saved = views.find((v) => v.id === named);
  const pageFilters = (v: SavedView): Filters => (translate ? translate.fromSaved(v.filters) : v.filters);
  const toSave = translate ? translate.toSaved(current) : { filters: current };
  // The named view is selected while the page shows what it says; once a filter changes, the filters are unsaved.
  const matches = builtIn
    ? same(builtIn.filters, current) && (builtIn.sort ?? '') === sort
    : saved
      ? same(pageFilters(saved), current) && (saved.sort ?? '') === sort && (!hasColumns || saved.columns.join(',') === columns)
      : false;
  const selected = matches ? named : '';

  const apply = (filters: Filters, viewSort: string | null | undefined, key: string, viewColumns?: string[]) => {
    const changes = Object.fromEntries(filterKeys.map((k) => [k, null])) as Partial<Record<K | 'page', string | null>>;
    for (const [k, v] of Object.entries(filters)) if (filterKeys.includes(k as K)) changes[k as K] = Array.isArray(v) ? v.join(',') : v;
    changes['sort' as K] = viewSort || null;
    changes[viewKey] = key;
    if (hasColumns && viewColumns) changes['columns' as K] = viewColumns.length ? viewColumns.join(',') : null;
    setState(changes);
  };
  const pick = (key: string) => {
    const b = builtIns.find((v) => v.key === key);
    if (b) return apply(b.filters, b.sort, b.key);
    const v = views.find((x) => x.id === key);
    if (v) apply(pageFilters(v), v.sort, v.id, v.columns);
  };

  const mine = (v: SavedView) => v.owner.id === me?.id || role === 'admin';
  const own = views.filter((v) => v.owner.id === me?.id);
  const shared = views.filter((v) => v.owner.id !== me?.id);

  return (
    // A row of its own on phones, so a button beside it (Columns) goes under it rather than beside its wrapped lines.
    <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
      <label className="sr-only" htmlFor={`view-${resource}`}>
        Views
      </label>
      <select
        id={`view-${resource}`}
        value={selected}
        onChange={(e) => pick(e.target.value)}
        className={`${inputClass.replace('w-full', 'w-full sm:w-72')} py-1.5`}
      >
        <option value="" disabled={selected !== ''}>
          {selected === '' ? 'Unsaved filters' : '—'}
        </option>
        <optgroup label="Views">
          {builtIns.map((v) => (
            <option key={v.key} value={v.key}>
              {v.name}
            </option>
          ))}
        </optgroup>
        {own.length ? (
          <optgroup label="My views">
            {own.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
                {v.shared ? ' (shared)' : ''}
              </option>
            ))}
          </optgroup>
        ) : null}
        {shared.length ? (
          <optgroup label="Shared with the account">
            {shared.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name} · {v.owner.name ?? v.owner.email}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      <Button variant="secondary" size="sm" onClick={() => setDialog({ mode: 'save' })}>
        Save view
      </Button>
      {saved && matches && mine(saved) ? (
        <>
          <Button variant="ghost" size="sm" onClick={() => setDialog({ mode: 'rename', view: saved })} aria-label={`Rename the view ${saved.name}`}>
            Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`${saved.shared ? 'Stop sharing' : 'Share'} the view ${saved.name}`}
            onClick={() =>
              update.mutate(
                { id: saved.id, changes: { shared: !saved.shared } },
                { onSuccess: (v) => toast.success(v.shared ? `“${v.name}” is shared with the account.` : `“${v.name}” is yours alone again.`) },
              )
            }
          >
            {saved.shared ? 'Unshare' : 'Share'}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete the view ${saved.name}`}
            onClick={() => {
              if (!window.confirm(`Delete the view “${saved.name}”? The ${what} stay as they are.`)) return;
              remove.mutate(saved.id, {
                onSuccess: () => {
                  toast.success(`View “${saved.name}” deleted.`);
                  setState({ [viewKey]: null } as Partial<Record<K | 'page', string | null>>);
                },
              });
            }}
          >
            Delete
          </Button>
        </>
      ) : null}
      <Dialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.mode === 'rename' ? 'Rename the view' : `Save these ${what} filters as a view`}
      >
        {dialog ? (
          <ViewNameForm
            initial={dialog.mode === 'rename' ? dialog.view.name : ''}
            askShare={dialog.mode === 'save'}
            note={dialog.mode === 'save' ? toSave.note : undefined}
            pending={create.isPending || update.isPending}
            onCancel={() => setDialog(null)}
            onSave={(name, share) => {
              if (dialog.mode === 'rename') {
                update.mutate({ id: dialog.view.id, changes: { name } }, { onSuccess: () => setDialog(null) });
                return;
              }
              create.mutate(
                { resource, name, filters: toSave.filters, sort: sort || null, columns: columns ? columns.split(',') : [], shared: share },
                {
                  onSuccess: (v) => {
                    setDialog(null);
                    toast.success(`View “${v.name}” saved.`);
                    // A translated view may keep less than the page showed: the page shows what it keeps.
                    if (translate) apply(pageFilters(v), v.sort, v.id, v.columns);
                    else setState({ [viewKey]: v.id } as Partial<Record<K | 'page', string | null>>);
                  },
                },
              );
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function ViewNameForm({
  initial,
  askShare,
  note,
  pending,
  onCancel,
  onSave,
}: {
  initial: string;
  askShare: boolean;
  /** What the view will not keep of the page's filters. */
  note?: string;
  pending: boolean;
  onCancel: () => void;
  onSave: (name: string, share: boolean) => void;
}) {
  const [name, setName] = useState(initial);
  const [share, setShare] = useState(false);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) onSave(name.trim(), share);
      }}
    >
      <Field label="Name">{(props) => <Input {...props} value={name} onChange={(e) => setName(e.target.value)} autoFocus required maxLength={255} />}</Field>
      {note ? <p className="text-sm text-slate-700 dark:text-slate-300">{note}</p> : null}
      {askShare ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={share} onChange={(e) => setShare(e.target.checked)} />
          Share with everyone in the account
        </label>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || !name.trim()}>
          Save
        </Button>
      </div>
    </form>
  );
}
