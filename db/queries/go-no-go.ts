import { and, asc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '@/db';
import type { PageWindow } from './sql';
import { goNoGoCriteria, workforceAssignments } from '@/db/schema';
import { listOfAccount, ofAccount, oneRow } from './tenant';

// The go / no-go scorecard's criteria (docs/insights.md).

export type GoNoGoCriterionRow = typeof goNoGoCriteria.$inferSelect;

export interface CriterionFilters {
  archived?: boolean;
  updated_since?: Date;
}

/** An account's criteria by position. */
export async function listCriteria(db: Db, accountId: number, f: CriterionFilters, page: PageWindow) {
  const archived = f.archived !== undefined ? eq(goNoGoCriteria.archived, f.archived) : undefined;
  const order = [asc(goNoGoCriteria.position), asc(goNoGoCriteria.id)];
  return listOfAccount(db, db.select().from(goNoGoCriteria).$dynamic(), goNoGoCriteria, accountId, f, [archived], order, page);
}

/** The live criteria, by position: the scorecard as asked. */
export function liveCriteria(db: Db, accountId: number): Promise<GoNoGoCriterionRow[]> {
  return db
    .select()
    .from(goNoGoCriteria)
    .where(and(eq(goNoGoCriteria.accountId, accountId), eq(goNoGoCriteria.archived, false)))
    .orderBy(asc(goNoGoCriteria.position), asc(goNoGoCriteria.id));
}

export function findCriterion(db: Db, accountId: number, id: number, lock = false): Promise<GoNoGoCriterionRow | undefined> {
  return oneRow(
    db
      .select()
      .from(goNoGoCriteria)
      .where(ofAccount(goNoGoCriteria, accountId, id)),
    goNoGoCriteria,
    lock,
  );
}

export async function nextCriterionPosition(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${goNoGoCriteria.position}) + 1, 0)`.mapWith(Number) })
    .from(goNoGoCriteria)
    .where(eq(goNoGoCriteria.accountId, accountId));
  return row?.next ?? 0;
}

/**
 * The live criteria's weights by id, as JSON (`{"12": 3}`): an uncorrelated subquery a projects
 * statement selects once (an InitPlan) to score every project of its page.
 */
export function liveWeights(accountId: number | Placeholder) {
  return sql<Record<string, number>>`(select coalesce(jsonb_object_agg(${goNoGoCriteria.id}::text, ${goNoGoCriteria.weight}), '{}'::jsonb)
    from ${goNoGoCriteria} where ${goNoGoCriteria.accountId} = ${accountId} and not ${goNoGoCriteria.archived})`;
}

/** The roles a project is staffed with (its assignments', filled or not). */
export async function projectRoleIds(db: Db, accountId: number, projectId: number): Promise<number[]> {
  const found = await db
    .selectDistinct({ roleId: workforceAssignments.roleId })
    .from(workforceAssignments)
    .where(and(eq(workforceAssignments.accountId, accountId), eq(workforceAssignments.projectId, projectId)));
  return found.map((r) => r.roleId);
}
