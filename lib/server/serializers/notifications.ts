import type { NotificationRow } from '@/db/queries/notifications';
import type { NotificationResponse } from '@/lib/shared/validation/notifications';
import { base, iso, personRef } from './common';

/** Where a record lives in the dashboard. */
const PAGES = { lead: 'leads', project: 'projects', company: 'companies', contact: 'contacts', task: 'tasks' } as const;

const VERBS: Record<NotificationResponse['kind'], string> = {
  mention: 'mentioned you on',
  assignment: 'assigned you',
  comment: 'commented on',
  reminder: 'Reminder:',
  task_due: 'Due today:',
  bid_due: 'Bid due soon:',
};

/** The one Notification shape (`Notification` in the OpenAPI document). */
export function serializeNotification(row: NotificationRow, baseUrl: string): NotificationResponse {
  const n = row.notification;
  const actor = row.actor ? personRef(row.actor) : null;
  const what = row.subjectName ?? `a deleted ${n.subjectType}`;
  const who = actor?.name ?? actor?.email ?? 'Someone';
  // A project's comments are on its Timeline tab.
  const tab = n.subjectType === 'project' && n.commentId !== null ? '?tab=timeline' : '';
  const page = n.subjectType === 'task' ? `/tasks?task=${n.subjectId}` : `/${PAGES[n.subjectType]}/${n.subjectId}${tab}`;
  return {
    ...base(n),
    kind: n.kind,
    read_at: n.readAt ? iso(n.readAt) : null,
    actor,
    subject: { type: n.subjectType, id: String(n.subjectId), name: row.subjectName },
    comment: n.commentId !== null && row.commentExcerpt !== null ? { id: String(n.commentId), excerpt: row.commentExcerpt } : null,
    message: `${actor ? `${who} ${VERBS[n.kind]}` : VERBS[n.kind]} ${what}${n.detail ? ` — ${n.detail}` : ''}`,
    url: `${baseUrl}${page}${n.commentId !== null ? `#comment-${n.commentId}` : ''}`,
  };
}
