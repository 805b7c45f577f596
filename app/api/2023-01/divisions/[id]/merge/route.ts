import { lookupMergeRoute } from '@/lib/server/http/lookup-route';

// POST /api/2023-01/divisions/{id}/merge — move its records to another of the divisions and delete it
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupMergeRoute('divisions');
