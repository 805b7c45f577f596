import { sql } from 'drizzle-orm';
import { date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { columnIndexes, id, parentRef, ref, timestamps, ts } from './columns';
import { contacts } from './contacts';
import { projects } from './projects';

export const taskLists = pgTable(
  'task_lists',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    projectId: parentRef('project_id', () => projects.id),
    ...timestamps,
  },
  (t) => [
    index('task_lists_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('task_lists_account_updated_idx').on(t.accountId, t.updatedAt),
    index('task_lists_project_id_idx').on(t.projectId),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    accountId: accountId(),
    title: text('title').notNull(),
    notes: text('notes'),
    completedAt: ts('completed_at'),
    deadline: date('deadline', { mode: 'string' }),
    assignedToId: ref('assigned_to_id', () => users.id),
    createdById: ref('created_by_id', () => users.id),
    contactId: ref('contact_id', () => contacts.id),
    projectId: ref('project_id', () => projects.id),
    taskListId: ref('task_list_id', () => taskLists.id),
    ...timestamps,
  },
  (t) => [
    index('tasks_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tasks_account_updated_idx').on(t.accountId, t.updatedAt),
    index('tasks_account_completed_idx').on(t.accountId, t.completedAt),
    // Open tasks by deadline: the calendar's task deadlines.
    index('tasks_account_open_deadline_idx')
      .on(t.accountId, t.deadline)
      .where(sql`${t.completedAt} is null`),
    ...columnIndexes('tasks', t.assignedToId, t.createdById, t.contactId),
    index('tasks_project_id_idx').on(t.projectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tasks_task_list_id_idx').on(t.taskListId),
  ],
);
