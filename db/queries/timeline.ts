import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { calls, comments, contacts, documentVersions, documents, emailLinks, emails, tasks, users, webhookMessages } from '@/db/schema';
import { TIMELINE_KINDS, type TimelineKind, type TimelineSubject } from '@/db/schema/enums';
import { inTeamOrNoProject, type TeamOf } from './project-access';
import { rows, type PageWindow } from './sql';

// A record's timeline (docs/collaboration.md#timeline): its comments, its creation and changes
// (from the event outbox, which keeps each update's before and after), and for a project its calls
// and tasks, for a contact its calls and tasks, for a company its own and its contacts' calls, and
// the documents uploaded to it — one
// stream, newest first, a page of it and the stream's size in one statement. What the entries name
// (the comment, call or task itself) is read by id afterwards, one statement per kind on the page.

export interface TimelineRow {
  kind: TimelineKind;
  ref_id: string;
  /** ISO 8601 in UTC, to the second (as every timestamp of the API). */
  occurred_at: string;
  actor_id: string | null;
  actor_created_at: string | null;
  actor_updated_at: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_email: string | null;
  changes: Record<string, [unknown, unknown]> | null;
  changed_fields: string[] | null;
  auth_method: string | null;
  total: string;
}

const NONE = sql`false`;
/** The change columns of an entry that is no change. */
const NO_CHANGE = sql`null::jsonb, null::text[], null::text`;

/** The calls on the subject's timeline (none for a lead). */
function callsOf(type: TimelineSubject, id: number, accountId: number): SQL {
  if (type === 'project') return sql`${calls.projectId} = ${id}`;
  if (type === 'contact') return sql`${calls.contactId} = ${id}`;
  if (type === 'company')
    return sql`(${calls.companyId} = ${id} or ${calls.contactId} in (select ${contacts.id} from ${contacts} where ${contacts.accountId} = ${accountId} and ${contacts.companyId} = ${id}))`;
  return NONE;
}

/** The tasks on the subject's timeline: a project's, a contact's (none for a lead or a company). */
function tasksOf(type: TimelineSubject, id: number): SQL {
  if (type === 'project') return sql`${tasks.projectId} = ${id}`;
  if (type === 'contact') return sql`${tasks.contactId} = ${id}`;
  return NONE;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** One page of the subject's timeline (newest first), each row carrying the stream's size. */
export function timelinePage(
  db: Db,
  accountId: number,
  subject: { type: TimelineSubject; id: number },
  filters: { kinds?: TimelineKind[]; teamOf?: TeamOf },
  page: PageWindow,
): Promise<TimelineRow[]> {
  const { type, id } = subject;
  const kinds = filters.kinds && filters.kinds.length > 0 ? filters.kinds : TIMELINE_KINDS;
  const want = (kind: TimelineKind) => kinds.includes(kind);
  const parts: SQL[] = [];
  if (want('comment'))
    parts.push(sql`select 'comment', ${comments.id}, ${comments.createdAt}, ${comments.authorId}, ${NO_CHANGE}
      from ${comments} where ${comments.accountId} = ${accountId} and ${comments.commentableType} = ${type} and ${comments.commentableId} = ${id}`);
  const events = [want('created') && `${type}.create`, want('change') && `${type}.update`].filter((e): e is string => Boolean(e));
  if (events.length > 0)
    parts.push(sql`select case when ${webhookMessages.eventType} like '%.create' then 'created' else 'change' end, ${webhookMessages.id}, ${webhookMessages.timestamp},
      ${webhookMessages.actorId}, ${webhookMessages.changes}, ${webhookMessages.changedFields}, ${webhookMessages.authMethod}
      from ${webhookMessages} where ${webhookMessages.accountId} = ${accountId} and (${webhookMessages.payload} ->> 'id') = ${String(id)}
      and ${webhookMessages.eventType} in (${sql.join(
        events.map((e) => sql`${e}`),
        sql`, `,
      )})`);
  const callWhere = callsOf(type, id, accountId);
  if (want('call') && callWhere !== NONE)
    parts.push(sql`select 'call', ${calls.id}, ${calls.recordedAt}, ${calls.createdById}, ${NO_CHANGE}
      from ${calls} where ${calls.accountId} = ${accountId} and ${callWhere} and ${inTeamOrNoProject(calls.projectId, filters.teamOf) ?? sql`true`}`);
  const taskWhere = tasksOf(type, id);
  if (want('task') && taskWhere !== NONE)
    parts.push(sql`select 'task', ${tasks.id}, ${tasks.createdAt}, ${tasks.createdById}, ${NO_CHANGE}
      from ${tasks} where ${tasks.accountId} = ${accountId} and ${taskWhere} and ${inTeamOrNoProject(tasks.projectId, filters.teamOf) ?? sql`true`}`);
  // Its documents, when each was uploaded (by its first version's uploader).
  if (want('document'))
    parts.push(sql`select 'document', ${documents.id}, ${documents.createdAt}, ${documentVersions.uploadedById}, ${NO_CHANGE}
      from ${documents} join ${documentVersions} on ${documentVersions.documentId} = ${documents.id} and ${documentVersions.version} = 1
      where ${documents.accountId} = ${accountId} and ${documents.attachableType} = ${type} and ${documents.attachableId} = ${id}`);
  // Email filed on it (docs/email-capture.md), when each was sent, by who captured it.
  if (want('email'))
    parts.push(sql`select 'email', ${emails.id}, coalesce(${emails.sentAt}, ${emails.createdAt}), ${emails.loggedById}, ${NO_CHANGE}
      from ${emailLinks} join ${emails} on ${emails.id} = ${emailLinks.emailId}
      where ${emailLinks.accountId} = ${accountId} and ${emailLinks.recordType} = ${type} and ${emailLinks.recordId} = ${id}`);
  if (parts.length === 0) return Promise.resolve([]);
  return rows<TimelineRow>(
    db,
    sql`with entries (kind, ref_id, occurred_at, actor_id, changes, changed_fields, auth_method) as (${sql.join(parts, sql` union all `)})
    select e.kind, e.ref_id::text as ref_id, ${iso(sql`e.occurred_at`)} as occurred_at,
      u.id::text as actor_id, ${iso(sql`u.created_at`)} as actor_created_at, ${iso(sql`u.updated_at`)} as actor_updated_at,
      u.first_name as actor_first_name, u.last_name as actor_last_name, u.email as actor_email,
      e.changes, e.changed_fields, e.auth_method, (count(*) over ())::text as total
    from entries e left join ${users} u on u.id = e.actor_id
    order by e.occurred_at desc, e.kind, e.ref_id desc
    limit ${page.limit} offset ${page.offset}`,
  );
}

/** How many entries the timeline has (for a page past its end, whose rows cannot say). */
export async function timelineSize(
  db: Db,
  accountId: number,
  subject: { type: TimelineSubject; id: number },
  filters: { kinds?: TimelineKind[]; teamOf?: TeamOf },
): Promise<number> {
  const [first] = await timelinePage(db, accountId, subject, filters, { limit: 1, offset: 0 });
  return first ? Number(first.total) : 0;
}
