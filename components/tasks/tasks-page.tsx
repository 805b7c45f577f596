'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Select, inputClass } from '@/components/ui/field';
import { ListPageHeader } from '@/components/ui/list-page-header';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { ViewPicker } from '@/components/saved-views/view-picker';
import { formatDate, localDayIso } from '@/lib/client/format';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { optionsQuery } from '@/lib/client/hooks/use-lookups';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { useTasks, useUpdateTask, type Task } from '@/lib/client/hooks/use-tasks';
import { useMe } from '@/lib/client/hooks/use-users';
import type { TaskDefaults } from './task-form';
import { DUE_WINDOWS, TASK_VIEWS, TASKS_PER_PAGE, TASKS_URL_KEYS, taskViewTranslation, tasksListParams } from './tasks-params';
import { CARD } from '@/components/ui/section-card';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const TaskForm = dynamic(() => import('./task-form').then((m) => m.TaskForm));

type Editing = { task: Task } | { initial: TaskDefaults } | null;

interface Group {
  key: string;
  project: Task['project'];
  lists: { key: string; list: Task['task_list']; tasks: Task[] }[];
}

/** Tasks by project, then by task list, in the order of their most urgent task; no project last. */
function groupTasks(tasks: Task[]): Group[] {
  const groups = new Map<string, Group>();
  for (const task of tasks) {
    const key = task.project?.id ?? 'none';
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, project: task.project, lists: [] }));
    const listKey = task.task_list?.id ?? 'none';
    let list = group.lists.find((l) => l.key === listKey);
    if (!list) group.lists.push((list = { key: listKey, list: task.task_list, tasks: [] }));
    list.tasks.push(task);
  }
  const ordered = [...groups.values()];
  return [...ordered.filter((g) => g.project), ...ordered.filter((g) => !g.project)];
}

function DueBadge({ task }: { task: Task }) {
  // Overdue and due today are by the browser's calendar day: known once hydrated.
  const hydrated = useHydrated();
  if (!task.deadline) return null;
  const today = hydrated ? localDayIso() : null;
  if (today && !task.completed_at && task.deadline < today) {
    return (
      <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
        Overdue · {formatDate(task.deadline)}
      </span>
    );
  }
  if (today && !task.completed_at && task.deadline === today) {
    return <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">Due today</span>;
  }
  return <span className="text-xs text-slate-600 dark:text-slate-400">Due {formatDate(task.deadline)}</span>;
}

function TaskRow({ task, showAssignee, onEdit }: { task: Task; showAssignee: boolean; onEdit: () => void }) {
  const update = useUpdateTask();
  // The box follows the click at once (the cache update comes a tick later); the cache wins after.
  const [clicked, setClicked] = useState<boolean | null>(null);
  const done = clicked ?? task.completed_at !== null;
  const toggle = () => {
    const completedAt = done ? null : new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    setClicked(!done);
    update.mutate(
      { id: task.id, changes: { completed_at: completedAt }, optimistic: { completed_at: completedAt }, inPlace: true },
      { onSettled: () => setClicked(null) },
    );
  };
  return (
    <li className="flex items-start gap-3 px-4 py-2.5">
      <input type="checkbox" checked={done} onChange={toggle} aria-label={`Done: ${task.title}`} className="mt-0.5 h-5 w-5 shrink-0 accent-blue-700" />
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={onEdit}
          className={`text-left text-sm font-medium hover:underline ${done ? 'text-slate-500 line-through dark:text-slate-400' : 'text-slate-900 dark:text-slate-100'}`}
        >
          {task.title}
        </button>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
          <DueBadge task={task} />
          {showAssignee ? <span>{task.assigned_to ? `Assigned to ${task.assigned_to.name}` : 'Unassigned'}</span> : null}
          {task.contact ? (
            <span>
              Contact{' '}
              <Link href={`/contacts/${task.contact.id}`} className="font-medium text-blue-800 underline-offset-2 hover:underline dark:text-blue-300">
                {task.contact.name ?? task.contact.email}
              </Link>
            </span>
          ) : null}
          {done ? <span>Done {formatDate(task.completed_at)}</span> : null}
        </div>
      </div>
    </li>
  );
}

export function TasksPage() {
  const [state, setState] = useUrlState(TASKS_URL_KEYS);
  const [editing, setEditing] = useState<Editing>(null);
  const me = useMe();
  const mine = state.view !== 'all';
  // Everyone's tasks can be narrowed to one person's (a saved view of someone else's tasks says so too).
  const users = useQuery({ ...optionsQuery('/users', 'users'), enabled: !mine });
  const params = tasksListParams(state, me.data?.id);
  const { data, error, isPending, refetch, isFetching } = useTasks(params, !mine || me.data !== undefined);
  const page = Number(params.page);
  const filtered = Boolean(state.due || state.project_id || state.status || (!mine && state.assigned_to_id));
  const assignee = !mine && state.assigned_to_id ? (users.data?.find((u) => u.id === state.assigned_to_id)?.name ?? 'one person') : null;
  // New tasks are yours unless you say otherwise.
  const meDefaults = { assignedToId: me.data?.id };

  const segment = (active: boolean) =>
    `px-3 py-1.5 text-sm font-medium ${active ? 'bg-blue-700 text-white dark:bg-blue-600' : 'bg-white text-slate-700 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'}`;

  return (
    <>
      <ListPageHeader
        title="Tasks"
        description={`${mine ? 'Your tasks' : assignee ? `The tasks of ${assignee}` : 'Everyone’s tasks'}, by project and task list.`}
        // "My tasks" waits for who I am, or the file would hold everyone's.
        exports={!mine || me.data ? { path: '/tasks', params, what: 'tasks' } : null}
        actions={<Button onClick={() => setEditing({ initial: meDefaults })}>New task</Button>}
      />
      <div className="mb-3 min-h-9">
        <ViewPicker
          resource="tasks"
          keys={TASKS_URL_KEYS}
          state={state}
          setState={setState}
          builtIns={TASK_VIEWS}
          what="tasks"
          viewKey="saved_view"
          translate={taskViewTranslation(me.data?.id)}
        />
      </div>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Whose tasks" className="inline-flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-600">
          <button type="button" aria-pressed={mine} className={segment(mine)} onClick={() => setState({ view: null, assigned_to_id: null })}>
            My tasks
          </button>
          <button
            type="button"
            aria-pressed={!mine}
            className={`${segment(!mine)} border-l border-slate-300 dark:border-slate-600`}
            onClick={() => setState({ view: 'all' })}
          >
            All tasks
          </button>
        </div>
        {!mine ? (
          <div className="w-full sm:w-48">
            <Select
              aria-label="Assigned to"
              placeholder="Anyone"
              options={users.data ?? []}
              value={state.assigned_to_id}
              onChange={(e) => setState({ assigned_to_id: e.target.value })}
            />
          </div>
        ) : null}
        <div className="w-full sm:w-48">
          <select aria-label="Status" className={inputClass} value={state.status} onChange={(e) => setState({ status: e.target.value })}>
            <option value="">Open</option>
            <option value="done">Completed</option>
            <option value="any">Open and completed</option>
          </select>
        </div>
        <div className="w-full sm:w-56">
          <select aria-label="Deadline" className={inputClass} value={state.due} onChange={(e) => setState({ due: e.target.value })}>
            <option value="">Any deadline</option>
            {DUE_WINDOWS.map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {state.project_id ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 py-1 pl-3 pr-1 text-sm dark:bg-slate-800">
            Project: {data?.items[0]?.project?.name ?? `#${state.project_id}`}
            <button
              type="button"
              aria-label="Show every project"
              onClick={() => setState({ project_id: null })}
              className="rounded-full px-1.5 hover:bg-slate-300 dark:hover:bg-slate-700"
            >
              ✕
            </button>
          </span>
        ) : null}
      </div>

      <div className={`overflow-hidden ${CARD}`} aria-busy={isFetching}>
        {error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : me.error && mine ? (
          <ErrorState error={me.error} onRetry={() => me.refetch()} />
        ) : isPending ? (
          <TableSkeleton />
        ) : data.items.length === 0 ? (
          <EmptyState
            title={state.due === 'overdue' ? 'Nothing overdue.' : filtered ? 'No tasks match this view.' : mine ? 'No open tasks for you.' : 'No open tasks.'}
          >
            {filtered ? 'Clear a filter to see more.' : mine ? 'Create one with “New task”, or look at all tasks.' : 'Create one with “New task”.'}
          </EmptyState>
        ) : (
          <>
            <div className="divide-y divide-slate-200 dark:divide-slate-800">
              {groupTasks(data.items).map((group) => (
                <section key={group.key} aria-labelledby={`project-${group.key}`}>
                  <h2 id={`project-${group.key}`} className="bg-slate-50 px-4 py-2 text-sm font-semibold dark:bg-slate-950">
                    {group.project ? (
                      <Link href={`/projects/${group.project.id}`} className="hover:underline">
                        {group.project.name}
                      </Link>
                    ) : (
                      'No project'
                    )}
                  </h2>
                  {group.lists.map(({ key, list, tasks }) => (
                    <div key={key} className="border-t border-slate-100 dark:border-slate-800">
                      <div className="flex items-center justify-between gap-2 px-4 pt-2">
                        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
                          {list?.name ?? (group.project ? 'Not in a list' : 'General')}
                        </h3>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Add a task to ${list ? `${list.name}, ${group.project?.name}` : (group.project?.name ?? 'no project')}`}
                          onClick={() =>
                            setEditing({
                              initial: {
                                ...meDefaults,
                                project: group.project ? { id: group.project.id, name: group.project.name } : null,
                                taskListId: list?.id,
                              },
                            })
                          }
                        >
                          + Add task
                        </Button>
                      </div>
                      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                        {tasks.map((task) => (
                          <TaskRow key={task.id} task={task} showAssignee={!mine} onEdit={() => setEditing({ task })} />
                        ))}
                      </ul>
                    </div>
                  ))}
                </section>
              ))}
            </div>
            {data.total > TASKS_PER_PAGE ? (
              <Pagination page={page} perPage={TASKS_PER_PAGE} total={data.total} onPage={(p) => setState({ page: String(p) })} />
            ) : null}
          </>
        )}
      </div>

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing && 'task' in editing ? `Edit “${editing.task.title}”` : 'New task'} wide>
        {editing !== null ? (
          <TaskForm
            key={'task' in editing ? editing.task.id : 'new'}
            task={'task' in editing ? editing.task : undefined}
            initial={'initial' in editing ? editing.initial : undefined}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </>
  );
}
