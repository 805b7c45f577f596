import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { projects, projectStages } from '@/db/schema';
import { inTeam, type TeamOf } from './project-access';
import { stageRefColumns } from './refs';

const cents = sql<string>`coalesce(sum(${projects.amountInCents}), 0)`;

/**
 * Projects per stage (every stage of the account, by position, empty ones included) and the projects
 * closed since a day, by close type: two statements whatever the number of projects.
 */
export async function pipelineTotals(db: Db, accountId: number, closedSince: Date, teamOf?: TeamOf) {
  const [stages, closed] = await Promise.all([
    db
      .select({
        stage: stageRefColumns(projectStages),
        count: count(projects.id),
        cents,
      })
      .from(projectStages)
      .leftJoin(projects, and(eq(projects.projectStageId, projectStages.id), eq(projects.accountId, accountId), inTeam(projects.id, teamOf)))
      .where(eq(projectStages.accountId, accountId))
      .groupBy(projectStages.id)
      .orderBy(asc(projectStages.position), asc(projectStages.id)),
    // The same predicate as the closed_since filter of the projects list (and its partial index).
    db
      .select({ closeType: projects.closeType, count: count(), cents })
      .from(projects)
      .where(and(eq(projects.accountId, accountId), gte(projects.closedAt, closedSince), inTeam(projects.id, teamOf)))
      .groupBy(projects.closeType),
  ]);
  return { stages, closed };
}
