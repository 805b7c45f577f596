import type { Db } from '@/db';
import { callsByIds } from '@/db/queries/calls';
import { commentsByIds } from '@/db/queries/comments';
import { documentsByIds } from '@/db/queries/documents';
import { serializeDocument } from '@/lib/server/serializers/documents';
import { emailsByIds } from './emails';
import { tasksByIds } from '@/db/queries/tasks';
import { timelinePage, timelineSize, type TimelineRow } from '@/db/queries/timeline';
import { TIMELINE_KINDS, type TimelineKind, type TimelineSubject } from '@/db/schema/enums';
import { serializeCall } from '@/lib/server/serializers/calls';
import { serializeComment } from '@/lib/server/serializers/comments';
import { fullName, personRef } from '@/lib/server/serializers/common';
import { serializeTask } from '@/lib/server/serializers/tasks';
import { timelineSummary } from '@/lib/shared/domain/timeline';
import { allows } from '@/lib/shared/permissions';
import type { TimelineEntryResponse, TimelineQuery } from '@/lib/shared/validation/timeline';
import { assertSees } from './visibility';
import { teamOf, type CallerContext } from './context';
import { pageWindow, type Page } from './paging';

// A record's timeline (docs/collaboration.md#timeline): whoever sees the record reads it (a 404
// otherwise); its calls and tasks only for those who see projects' work (the projects area), and a
// team-only user only those of their teams' projects (or of none). A page is one statement for the
// entries and their count, then one per kind of record on it (comments, calls, tasks, documents).

const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((item) => [item.id, item]));

export async function recordTimeline(
  db: Db,
  ctx: CallerContext,
  type: TimelineSubject,
  id: number,
  query: TimelineQuery,
): Promise<Page<TimelineEntryResponse>> {
  await assertSees(db, ctx, type, id);
  const seesWork = allows(ctx.access.permissions.projects, 'read');
  const asked: TimelineKind[] = query.kind && query.kind.length > 0 ? query.kind : [...TIMELINE_KINDS];
  const kinds = asked.filter((k) => seesWork || (k !== 'call' && k !== 'task'));
  const filters = { kinds, teamOf: teamOf(ctx) };
  const rows: TimelineRow[] = kinds.length ? await timelinePage(db, ctx.accountId, { type, id }, filters, pageWindow(query)) : [];
  const total = rows[0] ? Number(rows[0].total) : kinds.length && query.page > 1 ? await timelineSize(db, ctx.accountId, { type, id }, filters) : 0;
  const idsOf = (kind: TimelineKind) => rows.filter((r) => r.kind === kind).map((r) => Number(r.ref_id));
  const [comments, calls, tasks, documents, emails] = await Promise.all([
    commentsByIds(db, ctx.accountId, idsOf('comment')).then((r) => byId(r.map(serializeComment))),
    callsByIds(db, ctx.accountId, idsOf('call')).then((r) => byId(r.map(serializeCall))),
    tasksByIds(db, ctx.accountId, idsOf('task')).then((r) => byId(r.map(serializeTask))),
    documentsByIds(db, ctx.accountId, idsOf('document')).then((r) => byId(r.map((row) => serializeDocument(row, ctx.baseUrl)))),
    emailsByIds(db, ctx, idsOf('email')).then(byId),
  ]);
  const items = rows.map((r): TimelineEntryResponse => {
    const actor =
      r.actor_id === null
        ? null
        : personRef({
            id: Number(r.actor_id),
            createdAt: new Date(r.actor_created_at!),
            updatedAt: new Date(r.actor_updated_at!),
            firstName: r.actor_first_name,
            lastName: r.actor_last_name,
            email: r.actor_email,
          });
    const comment = r.kind === 'comment' ? (comments.get(r.ref_id) ?? null) : null;
    const call = r.kind === 'call' ? (calls.get(r.ref_id) ?? null) : null;
    const task = r.kind === 'task' ? (tasks.get(r.ref_id) ?? null) : null;
    const document = r.kind === 'document' ? (documents.get(r.ref_id) ?? null) : null;
    const email = r.kind === 'email' ? (emails.get(r.ref_id) ?? null) : null;
    const contact = call?.contact ? fullName(call.contact.first_name, call.contact.last_name) : null;
    const summary = timelineSummary({
      kind: r.kind,
      subject: type,
      actor: r.actor_id === null ? null : (fullName(r.actor_first_name, r.actor_last_name) ?? r.actor_email),
      changes: r.changes,
      changedFields: r.changed_fields,
      authMethod: r.auth_method,
      call: call && { contact, outcome: call.call_outcome?.name ?? null },
      task: task && { title: task.title, deadline: task.deadline, done: task.completed_at !== null },
      document: document && { name: document.name },
      email: email && { from: email.from ? (email.from.name ?? email.from.email) : null, subject: email.subject },
    });
    return {
      id: `${r.kind}-${r.ref_id}`,
      occurred_at: r.occurred_at,
      kind: r.kind,
      actor,
      summary,
      comment,
      call,
      task,
      document,
      email,
      changes: r.kind === 'change' ? r.changes : null,
    };
  });
  return { items, total, page: query.page, perPage: query.per_page };
}
