'use client';

import { selectFields } from '@/components/custom-fields/custom-field-filters';
import { customFieldParam } from '@/components/custom-fields/custom-field-params';
import { ViewPicker } from '@/components/saved-views/view-picker';
import { useCustomFields } from '@/lib/client/hooks/use-custom-fields';
import { useMe } from '@/lib/client/hooks/use-users';
import { PROJECTS_VIEW_KEYS, projectViews, type ProjectsUrlState } from './projects-params';

/**
 * The projects page's views (built-in and saved), named by `saved_view` in the URL: loaded after
 * the board. A view keeps the table's custom field filters too (the select fields', and any the URL holds).
 */
export function ProjectViewPicker({
  state,
  custom,
  setState,
}: {
  state: ProjectsUrlState;
  /** The URL's custom field filters. */
  custom: Record<string, string>;
  setState: (changes: Partial<Record<string, string | null>>) => void;
}) {
  const me = useMe().data;
  const fields = useCustomFields('projects').data;
  const keys = [...new Set([...PROJECTS_VIEW_KEYS, ...selectFields(fields).map((f) => customFieldParam(f.key)), ...Object.keys(custom)])];
  return (
    <ViewPicker
      resource="projects"
      keys={keys}
      state={{ ...state, ...custom }}
      setState={setState}
      builtIns={projectViews(me?.id)}
      what="projects"
      viewKey="saved_view"
    />
  );
}
