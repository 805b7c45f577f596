import { lookupMergeRoute } from '@/lib/server/http/lookup-route';

// POST /api/2023-01/tender_types/{id}/merge — move its records to another of the tender types and delete it
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupMergeRoute('tender_types');
