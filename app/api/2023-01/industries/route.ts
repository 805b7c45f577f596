import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET, POST /api/2023-01/industries — list and create industries
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupRoute('industries');
