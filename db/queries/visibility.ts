import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { companies, contacts, leads, projects, tasks } from '@/db/schema';
import type { CommentableType } from '@/db/schema/enums';
import { inTeam, inTeamOrNoProject, type TeamOf } from './project-access';
import { ofAccount } from './tenant';
import { rows } from './sql';

// Whether a lead, project, company, contact or task of the account exists and is one the user sees
// (for project access `team`: a project of their teams, a task of one or of none) — one light
// statement, for what hangs off a record (its comments, timeline, reminders, notifications).

const WHERE: Record<CommentableType, (accountId: number, id: number, teamOf: TeamOf) => { table: SQL; where: SQL | undefined }> = {
  lead: (a, id) => ({ table: sql`${leads}`, where: ofAccount(leads, a, id) }),
  project: (a, id, teamOf) => ({ table: sql`${projects}`, where: and(ofAccount(projects, a, id), inTeam(projects.id, teamOf)) }),
  company: (a, id) => ({ table: sql`${companies}`, where: ofAccount(companies, a, id) }),
  contact: (a, id) => ({ table: sql`${contacts}`, where: ofAccount(contacts, a, id) }),
  task: (a, id, teamOf) => ({ table: sql`${tasks}`, where: and(ofAccount(tasks, a, id), inTeamOrNoProject(tasks.projectId, teamOf)) }),
};

export async function recordVisible(db: Db, accountId: number, type: CommentableType, id: number, teamOf: TeamOf): Promise<boolean> {
  const { table, where } = WHERE[type](accountId, id, teamOf);
  const [row] = await rows<{ found: number }>(db, sql`select 1 as found from ${table} where ${where} limit 1`);
  return row !== undefined;
}
