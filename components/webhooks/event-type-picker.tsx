'use client';

import { EVENT_ACTIONS, EVENT_RESOURCES, EVENT_TYPES, MERGE_EVENT_TYPES } from '@/lib/shared/validation/enums';
import { ACTION_LABELS, RESOURCE_LABELS } from './event-target';
import { CARD } from '@/components/ui/section-card';

/** The event types as a grid of checkboxes, a row per resource; the API takes several at once. */
export function EventTypePicker({
  selected,
  onChange,
  summary = 'Event types',
  noneMeans = 'all',
}: {
  selected: string[];
  onChange: (types: string[]) => void;
  summary?: string;
  /** What an empty selection means, shown in the summary. */
  noneMeans?: string;
}) {
  const set = new Set(selected);
  const toggle = (types: string[], on: boolean) => {
    const next = new Set(set);
    for (const t of types) {
      if (on) next.add(t);
      else next.delete(t);
    }
    onChange(EVENT_TYPES.filter((t) => next.has(t)));
  };
  return (
    <details className={`group ${CARD}`}>
      <summary className="cursor-pointer select-none rounded-lg px-4 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600">
        {summary} {selected.length ? `(${selected.length} selected)` : `(${noneMeans})`}
      </summary>
      <div className="overflow-x-auto border-t border-slate-200 px-1 pb-3 pt-2 sm:px-2 dark:border-slate-800">
        <table className="text-sm">
          <thead>
            <tr className="text-left text-slate-600 dark:text-slate-400">
              <th scope="col" className="px-1.5 py-1 sm:px-2 font-medium">
                Record
              </th>
              {EVENT_ACTIONS.map((a) => (
                <th key={a} scope="col" className="px-1.5 py-1 sm:px-2 text-center font-medium capitalize">
                  {ACTION_LABELS[a]}
                </th>
              ))}
              <th scope="col" className="px-1.5 py-1 sm:px-2 text-center font-medium">
                Any
              </th>
            </tr>
          </thead>
          <tbody>
            {EVENT_RESOURCES.map((r) => {
              const types = EVENT_ACTIONS.map((a) => `${r}.${a}`);
              const all = types.every((t) => set.has(t));
              return (
                <tr key={r}>
                  <th scope="row" className="whitespace-nowrap px-1.5 py-1 sm:px-2 text-left font-normal">
                    {RESOURCE_LABELS[r]}
                  </th>
                  {types.map((t, i) => (
                    <td key={t} className="px-1.5 py-1 sm:px-2 text-center">
                      <input
                        type="checkbox"
                        className="h-4 w-4"
                        aria-label={`${RESOURCE_LABELS[r]} ${ACTION_LABELS[EVENT_ACTIONS[i]!]} (${t})`}
                        checked={set.has(t)}
                        onChange={(e) => toggle([t], e.target.checked)}
                      />
                    </td>
                  ))}
                  <td className="px-1.5 py-1 sm:px-2 text-center">
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      aria-label={`Every ${RESOURCE_LABELS[r]!.toLowerCase()} event`}
                      checked={all}
                      onChange={(e) => toggle(types, e.target.checked)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {/* Merging duplicates: an event of the record kept, besides the grid's create, update and delete. */}
        <fieldset className="mt-2 flex flex-wrap gap-x-4 gap-y-1 px-1.5 text-sm sm:px-2">
          <legend className="sr-only">Merges</legend>
          {MERGE_EVENT_TYPES.map((t) => {
            const [resource = ''] = t.split('.');
            return (
              <label key={t} className="flex items-center gap-2">
                <input type="checkbox" className="h-4 w-4" checked={set.has(t)} onChange={(e) => toggle([t], e.target.checked)} />
                {RESOURCE_LABELS[resource]} merged
              </label>
            );
          })}
        </fieldset>
      </div>
    </details>
  );
}
