import type { Metadata } from 'next';
import { ProjectDetail } from '@/components/projects/project-detail';
import { projectBidResultsQuery } from '@/lib/client/hooks/use-bid-results';
import { projectTeamQuery } from '@/lib/client/hooks/use-project-team-memberships';
import { projectCallsQuery, projectQuery, projectStagesQuery, projectTasksQuery } from '@/lib/client/hooks/use-projects';
import type { SearchParams } from '@/lib/shared/url-state';
import { RecordPagePrefetch } from '../../record-page-prefetch';

export const metadata: Metadata = { title: 'Project' };

// The project with its stages and custom fields, and what its first tab shows — the Overview's
// bid results, tasks and calls, or the Team tab's members — in the server's HTML, all at once (each needs only
// the project's id). The other tabs load in the browser when opened.
export default async function Page({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }) {
  const { id } = await params;
  return (
    <RecordPagePrefetch
      id={id}
      record={projectQuery(id)}
      customFields="projects"
      extra={async (client) => {
        const { tab } = await searchParams;
        const team = tab === 'team' || tab === 'staffing';
        const first = !tab
          ? [client.prefetchQuery(projectBidResultsQuery(id)), client.prefetchQuery(projectTasksQuery(id)), client.prefetchQuery(projectCallsQuery(id))]
          : [];
        return [client.prefetchQuery(projectStagesQuery), ...first, ...(team ? [client.prefetchQuery(projectTeamQuery(id))] : [])];
      }}
    >
      <ProjectDetail id={id} />
    </RecordPagePrefetch>
  );
}
