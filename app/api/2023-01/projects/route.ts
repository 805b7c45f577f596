import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { parseBody, parseQuery } from '@/lib/server/http/request';
import { createProject, listProjects } from '@/lib/server/services/projects';
import { projectCreate, projectListQuery } from '@/lib/shared/validation/projects';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/projects — list projects
  GET: async (a) => listResponse(a, 'projects', await listProjects(a.db, a.ctx, parseQuery(a.url, projectListQuery))),
  // POST /api/2023-01/projects — create a project
  POST: async (a) =>
    json({ project: await createProject(a.db, a.ctx, await parseBody(a.req, 'project', projectCreate)) }, 201),
});
