import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { getProjectStage, updateProjectStage } from '@/lib/server/services/project-stages';
import { projectStageUpdate } from '@/lib/shared/validation/lookups';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/project_stages/{id} — one stage
  GET: async ({ db, ctx, params }) => json({ project_stage: await getProjectStage(db, ctx, parseId(params.id, 'Project stage')) }),
  // PATCH /api/2023-01/project_stages/{id} — rename, reorder, or set its default probability
  PATCH: {
    access: ACCESS.settings,
    run: async ({ params, db, ctx, req }) => {
      const id = parseId(params.id, 'Project stage');
      return json({ project_stage: await updateProjectStage(db, ctx, id, await parseBody(req, 'project_stage', projectStageUpdate)) });
    },
  },
});
