import { lookupMergeRoute } from '@/lib/server/http/lookup-route';

// POST /api/2023-01/contract_types/{id}/merge — move its records to another of the contract types and delete it
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupMergeRoute('contract_types');
