import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createProject, listProjects } from '@/lib/server/services/projects';
import { projectCreate, projectListQuery, projectResponse } from '@/lib/shared/validation/projects';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/projects — list projects
  GET: async (call) => listOrExport(call, 'projects', projectListQuery, listProjects, projectResponse),
  // POST /api/2023-01/projects — create a project
  POST: async ({ db, ctx, req }) => json({ project: await createProject(db, ctx, await parseBody(req, 'project', projectCreate)) }, 201),
});
