import { lookupEntryRoute } from '@/lib/server/http/lookup-route';

// GET, PATCH, DELETE /api/2023-01/contract_types/{id} — one of the contract types: read, rename or archive, delete when unused
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupEntryRoute('contract_types');
