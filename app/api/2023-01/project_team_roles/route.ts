import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET /api/2023-01/project_team_roles — list the roles a team member can hold (read-only, a fixed set)
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupRoute('project_team_roles');
