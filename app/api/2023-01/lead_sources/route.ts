import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET, POST /api/2023-01/lead_sources — list and create lead sources
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupRoute('lead_sources');
