import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET, POST /api/2023-01/project_stages — list and create project stages
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupRoute('project_stages');
