'use client';

import { useEffect, useState, type KeyboardEvent } from 'react';
import { useSearch, type SearchOption } from '@/lib/client/hooks/use-search';
import { inputClass } from './field';

/**
 * Pick one record of a list that may be long (contacts, companies, projects): type to search the
 * API's `q`, arrow keys to move, Enter to pick, Escape to close (ARIA 1.2 combobox with a listbox).
 * Clearing the text and leaving the field clears the choice.
 */
export function Combobox({
  id,
  value,
  onChange,
  path,
  listKey,
  placeholder,
  clearLabel,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  'aria-label': ariaLabel,
}: {
  id: string;
  value: SearchOption | null;
  onChange: (option: SearchOption | null) => void;
  /** The list endpoint (`/contacts`) and its key in the response (`contacts`). */
  path: string;
  listKey: string;
  placeholder?: string;
  /** Name of the clear button ("Clear contact"). */
  clearLabel: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}) {
  // What the user typed since the list opened; null while the field shows the chosen record.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const term = typed ?? '';
  const [q, setQ] = useState(term);
  const search = useSearch(path, listKey, q, open);
  // Only the answer to what is typed now: Enter must never pick from an older search.
  const settled = q === term;
  const options = settled ? (search.data ?? []) : [];

  // Search as you type, one request per pause rather than per keystroke.
  useEffect(() => {
    const t = setTimeout(() => setQ(term), 200);
    return () => clearTimeout(t);
  }, [term]);

  const listId = `${id}-listbox`;
  const shown = typed ?? value?.name ?? '';
  const activeOption = open ? options[active] : undefined;

  const pick = (option: SearchOption) => {
    onChange(option);
    setTyped(null);
    setOpen(false);
  };
  const openList = () => {
    setActive(0);
    setOpen(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) openList();
      else setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter' && open) {
      // Enter picks the highlighted option; it must not submit the form around the field.
      e.preventDefault();
      if (activeOption) pick(activeOption);
    } else if (e.key === 'Escape' && open) {
      // Close the list only, not the dialog the field is in.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setTyped(null);
    }
  };

  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${id}-option-${activeOption.id}` : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        aria-label={ariaLabel}
        placeholder={placeholder ?? 'Type to search…'}
        value={shown}
        onChange={(e) => {
          setTyped(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => (open ? undefined : openList())}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (typed !== null && typed.trim() === '' && value) onChange(null);
          setTyped(null);
          setOpen(false);
        }}
        className={`${inputClass} ${value ? 'pr-9' : ''}`}
      />
      {value ? (
        <button
          type="button"
          aria-label={clearLabel}
          onClick={() => onChange(null)}
          className="absolute inset-y-0 right-1 my-auto h-7 w-7 rounded text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
        >
          ✕
        </button>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={ariaLabel ?? placeholder ?? 'Results'}
        hidden={!open}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {options.map((o, i) => (
          <li
            key={o.id}
            id={`${id}-option-${o.id}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => pick(o)}
            className={`cursor-pointer px-3 py-1.5 ${i === active ? 'bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100' : ''}`}
          >
            <span className="block">{o.name}</span>
            {o.detail ? <span className="block text-xs text-slate-600 dark:text-slate-400">{o.detail}</span> : null}
          </li>
        ))}
        {options.length === 0 ? (
          <li role="option" aria-selected={false} aria-disabled className="px-3 py-1.5 text-slate-600 dark:text-slate-400">
            {!settled || search.isPending ? 'Searching…' : search.error ? 'Could not search; try again.' : 'No matches'}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
