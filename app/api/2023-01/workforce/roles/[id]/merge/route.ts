import { lookupMergeRoute } from '@/lib/server/http/lookup-route';

// POST /api/2023-01/workforce/roles/{id}/merge — move its records to another of the workforce roles and delete it
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupMergeRoute('workforce_roles');
