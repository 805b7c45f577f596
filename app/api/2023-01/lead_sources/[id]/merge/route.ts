import { lookupMergeRoute } from '@/lib/server/http/lookup-route';

// POST /api/2023-01/lead_sources/{id}/merge — move its records to another of the lead sources and delete it
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupMergeRoute('lead_sources');
