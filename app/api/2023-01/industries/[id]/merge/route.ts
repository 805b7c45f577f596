import { lookupMergeRoute } from '@/lib/server/http/lookup-route';

// POST /api/2023-01/industries/{id}/merge — move its records to another of the industries and delete it
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupMergeRoute('industries');
