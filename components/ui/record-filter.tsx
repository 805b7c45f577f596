'use client';

import { useOptionById } from '@/lib/client/hooks/use-search';
import { Combobox } from './combobox';

/** The records a list can be filtered by, searched with the API's `q` so long lists stay usable. */
export const FILTER_SOURCES = {
  contact: { label: 'Contact', path: '/contacts', listKey: 'contacts' },
  company: { label: 'Company', path: '/companies', listKey: 'companies' },
  project: { label: 'Project', path: '/projects', listKey: 'projects' },
} as const;

/**
 * A filter whose choice is one record's id in the URL: a search box over that resource, showing the
 * chosen record's name (fetched by id, so a shared link reads well too).
 */
export function RecordFilter({
  kind,
  id,
  onChange,
  page,
}: {
  kind: keyof typeof FILTER_SOURCES;
  id: string;
  onChange: (id: string | null) => void;
  /** Prefix of the element id, unique on the page. */
  page: string;
}) {
  const source = FILTER_SOURCES[kind];
  const selected = useOptionById(source.path, kind, id);
  const label = source.label.toLowerCase();
  return (
    <Combobox
      id={`${page}-filter-${kind}`}
      aria-label={`Filter by ${label}`}
      value={id ? (selected.data ?? { id, name: selected.error ? `#${id}` : '…' }) : null}
      onChange={(option) => onChange(option?.id ?? null)}
      path={source.path}
      listKey={source.listKey}
      placeholder={`Any ${label}`}
      clearLabel={`Clear the ${label} filter`}
    />
  );
}
