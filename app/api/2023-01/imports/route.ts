import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET /api/2023-01/imports — list imports (read-only)
export const { GET, POST, PUT, PATCH, DELETE } = lookupRoute('imports');
