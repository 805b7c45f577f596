import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET, POST /api/2023-01/tender_types — list and create tender types
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupRoute('tender_types');
