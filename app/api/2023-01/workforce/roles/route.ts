import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET, POST /api/2023-01/workforce/roles — list and create workforce roles
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupRoute('workforce_roles');
