import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET, POST /api/2023-01/divisions — list and create divisions
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupRoute('divisions');
