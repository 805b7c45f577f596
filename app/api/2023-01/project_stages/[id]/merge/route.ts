import { lookupMergeRoute } from '@/lib/server/http/lookup-route';

// POST /api/2023-01/project_stages/{id}/merge — move its records to another of the project stages and delete it
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupMergeRoute('project_stages');
