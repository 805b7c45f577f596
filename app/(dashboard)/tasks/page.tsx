import type { Metadata } from 'next';
import { TasksPage } from '@/components/tasks/tasks-page';
import { TASKS_URL_KEYS, tasksListParams } from '@/components/tasks/tasks-params';
import { tasksQuery } from '@/lib/client/hooks/use-tasks';
import { optionsQuery } from '@/lib/client/hooks/use-lookups';
import { meQuery } from '@/lib/client/hooks/use-users';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { PrefetchedPage } from '../prefetch';

export const metadata: Metadata = { title: 'Tasks' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <PrefetchedPage
      searchParams={searchParams}
      load={async (client, search) => {
        const state = readUrlState(search, TASKS_URL_KEYS);
        // Everyone's tasks have a select of the people they can be narrowed to.
        const users = state.view === 'all' ? client.prefetchQuery(optionsQuery('/users', 'users')) : undefined;
        const me = await client.fetchQuery(meQuery);
        // A `due` view is by the browser's calendar day, which the server does not know: the browser fetches it.
        if (!state.due) await client.prefetchQuery(tasksQuery(tasksListParams(state, me.id)));
        await users;
      }}
    >
      <TasksPage />
    </PrefetchedPage>
  );
}
