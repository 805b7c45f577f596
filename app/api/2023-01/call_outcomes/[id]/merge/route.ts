import { lookupMergeRoute } from '@/lib/server/http/lookup-route';

// POST /api/2023-01/call_outcomes/{id}/merge — move its records to another of the call outcomes and delete it
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupMergeRoute('call_outcomes');
