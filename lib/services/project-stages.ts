import type { Db } from '@/db';
import { lockRow, ofAccount, updateRow } from '@/db/queries/tenant';
import { projectStages } from '@/db/schema';
import { notFound } from '@/lib/api/errors';
import { checkIfMatch } from '@/lib/api/preconditions';
import type { ApiContext } from '@/lib/api/route';
import { serializeProjectStage } from '@/lib/serializers/lookups';
import type { ProjectStageResponse, ProjectStageUpdate } from '@/lib/validation/lookups';
import { changedColumns, toColumns } from './common';

// A stage's name, board position and default probability (the forecast's weight for its projects
// without one). Its category stays: projects' close types depend on it. Stages are configuration,
// not records with events.

export async function getProjectStage(db: Db, ctx: ApiContext, id: number): Promise<ProjectStageResponse> {
  const [row] = await db.select().from(projectStages).where(ofAccount(projectStages, ctx.accountId, id));
  if (!row) throw notFound('Project stage');
  return serializeProjectStage(row);
}

export async function updateProjectStage(db: Db, ctx: ApiContext, id: number, input: ProjectStageUpdate): Promise<ProjectStageResponse> {
  return db.transaction(async (tx) => {
    const current = await lockRow(tx, projectStages, ctx.accountId, id);
    if (!current) throw notFound('Project stage');
    const answer = serializeProjectStage(current);
    checkIfMatch(ctx.ifMatch, 'project_stage', answer);
    const changes = changedColumns(current, toColumns(input));
    if (Object.keys(changes).length === 0) return answer;
    await updateRow(tx, projectStages, ctx.accountId, id, changes);
    return serializeProjectStage((await lockRow(tx, projectStages, ctx.accountId, id))!);
  });
}
