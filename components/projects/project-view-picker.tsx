'use client';

import { ViewPicker } from '@/components/ui/view-picker';
import { useMe } from '@/lib/client/hooks/use-users';
import { PROJECTS_VIEW_KEYS, projectViews, type ProjectsUrlState } from './projects-params';

/** The projects page's views (built-in and saved), named by `saved_view` in the URL: loaded after the board. */
export function ProjectViewPicker({ state, setState }: { state: ProjectsUrlState; setState: (changes: Partial<Record<string, string | null>>) => void }) {
  const me = useMe().data;
  return <ViewPicker resource="projects" keys={PROJECTS_VIEW_KEYS} state={state} setState={setState} builtIns={projectViews(me?.id)} what="projects" viewKey="saved_view" />;
}
