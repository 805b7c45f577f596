import type { Db } from '@/db';
import { lockRow, ofAccount, updateRow } from '@/db/queries/tenant';
import { projectStages } from '@/db/schema';
import { serializeProjectStage } from '@/lib/server/serializers/lookups';
import type { ProjectStageResponse, ProjectStageUpdate } from '@/lib/shared/validation/lookups';
import { changedColumns, toColumns } from './common';
import { notFound } from '@/lib/server/services/errors';
import { lockForWrite } from '@/lib/server/services/preconditions';
import type { CallerContext } from '@/lib/server/services/context';

// A stage's name, board position and default probability (the forecast's weight for its projects
// without one). Its category stays: projects' close types depend on it. Stages are configuration,
// not records with events.

export async function getProjectStage(db: Db, ctx: CallerContext, id: number): Promise<ProjectStageResponse> {
  const [row] = await db
    .select()
    .from(projectStages)
    .where(ofAccount(projectStages, ctx.accountId, id));
  if (!row) throw notFound('Project stage');
  return serializeProjectStage(row);
}

export async function updateProjectStage(db: Db, ctx: CallerContext, id: number, input: ProjectStageUpdate): Promise<ProjectStageResponse> {
  return db.transaction(async (tx) => {
    const current = await lockForWrite(ctx.ifMatch, {
      key: 'project_stage',
      label: 'Project stage',
      lock: () => lockRow(tx, projectStages, ctx.accountId, id),
      answer: serializeProjectStage,
    });
    const answer = serializeProjectStage(current);
    const changes = changedColumns(current, toColumns(input));
    if (Object.keys(changes).length === 0) return answer;
    await updateRow(tx, projectStages, ctx.accountId, id, changes);
    return serializeProjectStage((await lockRow(tx, projectStages, ctx.accountId, id))!);
  });
}
