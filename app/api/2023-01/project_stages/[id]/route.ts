import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { getProjectStage, updateProjectStage } from '@/lib/server/services/project-stages';
import { projectStageUpdate } from '@/lib/shared/validation/lookups';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/project_stages/{id} — one stage
  GET: async (a) => json({ project_stage: await getProjectStage(a.db, a.ctx, parseId(a.params.id, 'Project stage')) }),
  // PATCH /api/2023-01/project_stages/{id} — rename, reorder, or set its default probability
  PATCH: {
    access: ACCESS.settings,
    run: async (a) => {
      const id = parseId(a.params.id, 'Project stage');
      return json({ project_stage: await updateProjectStage(a.db, a.ctx, id, await parseBody(a.req, 'project_stage', projectStageUpdate)) });
    },
  },
});
