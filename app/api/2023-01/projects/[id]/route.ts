import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteProject, getProject, updateProject } from '@/lib/server/services/projects';
import { projectUpdate } from '@/lib/shared/validation/projects';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/projects/{id} — get a project (operation 3)
  GET: async ({ db, ctx, params }) => json({ project: await getProject(db, ctx, parseId(params.id, 'Project')) }),
  // PATCH /api/2023-01/projects/{id} — update a project
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Project');
    return json({ project: await updateProject(db, ctx, id, await parseBody(req, 'project', projectUpdate)) });
  },
  // DELETE /api/2023-01/projects/{id} — delete a project (its task lists and team go with it)
  DELETE: async ({ db, ctx, params }) => {
    await deleteProject(db, ctx, parseId(params.id, 'Project'));
    return noContent();
  },
});
