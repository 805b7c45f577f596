import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET, POST /api/2023-01/contract_types — list and create contract types
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupRoute('contract_types');
