import type { Metadata } from 'next';
import { ProjectsPage } from '@/components/projects/projects-page';
import { customFieldFilters } from '@/components/custom-fields/custom-field-params';
import { boardClosedSince, boardColumnParams, boardFilters, PROJECTS_URL_KEYS, projectsTableParams, projectsView } from '@/components/projects/projects-params';
import { customFieldsQuery } from '@/lib/client/hooks/use-custom-fields';
import { optionsQuery } from '@/lib/client/hooks/use-lookups';
import { projectsQuery, projectStagesQuery } from '@/lib/client/hooks/use-projects';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { PrefetchedPage } from '../prefetch';

export const metadata: Metadata = { title: 'Projects' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <PrefetchedPage
      searchParams={searchParams}
      load={async (client, search) => {
        const state = readUrlState(search, PROJECTS_URL_KEYS);
        const users = client.prefetchQuery(optionsQuery('/users', 'users'));
        if (projectsView(state) === 'table') {
          await Promise.all([
            users,
            client.prefetchQuery(projectStagesQuery),
            // The table's columns and filters of the account's own fields.
            client.prefetchQuery(customFieldsQuery('projects')),
            client.prefetchQuery(projectsQuery(projectsTableParams(state, customFieldFilters(search)))),
          ]);
          return;
        }
        // The board: a column per stage, each its own list.
        const stages = await client.fetchQuery(projectStagesQuery);
        const filters = boardFilters(state);
        const closedSince = boardClosedSince(state);
        await Promise.all([users, ...stages.map((stage) => client.prefetchQuery(projectsQuery(boardColumnParams(filters, stage, closedSince))))]);
      }}
    >
      <ProjectsPage />
    </PrefetchedPage>
  );
}
