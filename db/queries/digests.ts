import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { DEFAULT_NOTIFICATION_CHANNELS, DEFAULT_TIME_ZONE, type NotificationKind } from '@/db/schema/enums';
import { rows } from './sql';

// What is due for whom, in their own time zone (docs/collaboration.md): the `task_due` and
// `bid_due` notifications, made once per task or project and day (their dedupe key), and the
// content of the 07:00 digest. A user is told only of records they see: tasks and projects need
// the projects area, and a team-only user sees only their teams' projects (and tasks of none).

/** The user's zone, and the day and time it is there at `now`. */
const zone = sql`coalesce(u.time_zone, (select a.time_zone from accounts a where a.id = u.account_id), ${DEFAULT_TIME_ZONE})`;
const localDay = (now: Date) => sql`(${now.toISOString()}::timestamptz at time zone ${zone})::date`;

/** The user (`u`) may see project work at all, and project `projectId` (or none) in particular. */
const seesWork = sql`(u.role = 'admin' or u.permission_projects <> 'none')`;
const seesProject = (projectId: SQL) =>
  sql`(u.role = 'admin' or u.project_access = 'all' or ${projectId} is null or exists (select 1 from project_team_memberships tm where tm.project_id = ${projectId} and tm.user_id = u.id))`;

/** A bid is due soon: its time within the next 48 hours, or (untimed) its date today or in the next two days there. */
const bidDueSoon = (now: Date) => sql`(case when p.bid_due_at is not null
    then p.bid_due_at between ${now.toISOString()}::timestamptz and ${now.toISOString()}::timestamptz + interval '48 hours'
    else p.bid_due_date between ${localDay(now)} and ${localDay(now)} + 2 end)`;

/** Open tasks due today (there) assigned to a user who sees them (`u`, `t`). */
const tasksDueToday = (now: Date) => sql`from tasks t
  join users u on u.id = t.assigned_to_id and u.account_id = t.account_id
  left join projects p on p.id = t.project_id
  where t.completed_at is null and u.deactivated_at is null and ${seesWork} and ${seesProject(sql`t.project_id`)}
    and t.deadline between (${now.toISOString()}::timestamptz at time zone 'UTC')::date - 1 and (${now.toISOString()}::timestamptz at time zone 'UTC')::date + 1
    and t.deadline = ${localDay(now)}`;

/** Open projects whose bid is due soon, for their assignee and their team (`u`, `p`). */
const bidsDueSoon = (now: Date) => sql`from projects p
  join project_stages s on s.id = p.project_stage_id and s.category = 'open'
  join users u on u.account_id = p.account_id
    and (u.id = p.assigned_to_id or exists (select 1 from project_team_memberships bm where bm.project_id = p.id and bm.user_id = u.id))
  where u.deactivated_at is null and ${seesWork} and ${seesProject(sql`p.id`)}
    and (p.bid_due_at between ${now.toISOString()}::timestamptz - interval '1 day' and ${now.toISOString()}::timestamptz + interval '3 days'
      or p.bid_due_date between (${now.toISOString()}::timestamptz at time zone 'UTC')::date - 1 and (${now.toISOString()}::timestamptz at time zone 'UTC')::date + 3)
    and ${bidDueSoon(now)}`;

/** Makes the day's `task_due` and `bid_due` notifications not made yet: the ids of those made. */
export async function insertDueNotifications(db: Db, now: Date): Promise<number[]> {
  const made = await rows<{ id: string }>(
    db,
    sql`insert into notifications (account_id, user_id, kind, actor_id, subject_type, subject_id, dedupe_key)
      select t.account_id, u.id, 'task_due', null::bigint, 'task', t.id, 'task_due:' || t.id || ':' || ${localDay(now)} ${tasksDueToday(now)}
      union all
      select p.account_id, u.id, 'bid_due', null::bigint, 'project', p.id, 'bid_due:' || p.id || ':' || ${localDay(now)} ${bidsDueSoon(now)}
      on conflict (user_id, dedupe_key) do nothing
      returning id::text as id`,
  );
  return made.map((m) => Number(m.id));
}

export interface DigestUser {
  id: string;
  account_id: string;
  email: string;
  time_zone: string;
  day: string;
  settings: Partial<Record<NotificationKind, string>>;
}

/** Users it is 07:00 or later for, today, whose digest of today is not made yet. */
export function usersDueADigest(db: Db, now: Date, limit: number): Promise<DigestUser[]> {
  return rows<DigestUser>(
    db,
    sql`select u.id::text as id, u.account_id::text as account_id, u.email, ${zone} as time_zone, ${localDay(now)}::text as day, u.notification_settings as settings
      from users u
      where u.deactivated_at is null
        and extract(hour from ${now.toISOString()}::timestamptz at time zone ${zone}) >= 7
        and (u.digest_sent_on is null or u.digest_sent_on < ${localDay(now)})
      order by u.id limit ${limit}`,
  );
}

/** Claims the user's digest of `day`: false when another run made it already (the row's lock decides). */
export async function claimDigest(db: Db, userId: number, day: string): Promise<boolean> {
  const claimed = await rows<{ id: string }>(
    db,
    sql`update users set digest_sent_on = ${day}::date where id = ${userId} and (digest_sent_on is null or digest_sent_on < ${day}::date) returning id::text as id`,
  );
  return claimed.length > 0;
}

export interface DigestBid {
  id: string;
  name: string;
  bid_due_date: string | null;
  bid_due_at: string | null;
  timed: boolean;
}
export interface DigestTask {
  id: string;
  title: string;
  project: string | null;
}

/** The user's bids due soon and tasks due today, as the due notifications find them. */
export async function digestRecords(db: Db, userId: number, now: Date): Promise<{ bids: DigestBid[]; tasks: DigestTask[] }> {
  const [bids, tasks] = await Promise.all([
    rows<DigestBid>(
      db,
      sql`select p.id::text as id, p.name, p.bid_due_date::text as bid_due_date, to_char(p.bid_due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as bid_due_at, p.bid_due_at_includes_time as timed
        ${bidsDueSoon(now)} and u.id = ${userId} order by coalesce(p.bid_due_at, p.bid_due_date::timestamptz), p.id limit 50`,
    ),
    rows<DigestTask>(db, sql`select t.id::text as id, t.title, p.name as project ${tasksDueToday(now)} and u.id = ${userId} order by t.id limit 50`),
  ]);
  return { bids, tasks };
}

/** A user's unread notifications of `kinds` made since `since`: the newest `limit`, and how many in all. */
export async function unreadOf(db: Db, userId: number, kinds: NotificationKind[], since: Date, limit: number): Promise<{ ids: number[]; total: number }> {
  if (kinds.length === 0) return { ids: [], total: 0 };
  const found = await rows<{ id: string; total: string }>(
    db,
    sql`select id::text as id, (count(*) over ())::text as total from notifications
      where user_id = ${userId} and read_at is null and created_at >= ${since.toISOString()}::timestamptz
        and kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
      order by created_at desc, id desc limit ${limit}`,
  );
  return { ids: found.map((f) => Number(f.id)), total: found[0] ? Number(found[0].total) : 0 };
}

/** The channel a user chose for a kind (their settings over the defaults). */
export const channelOf = (settings: Partial<Record<NotificationKind, string>>, kind: NotificationKind) => settings[kind] ?? DEFAULT_NOTIFICATION_CHANNELS[kind];
