import { lookupMergeRoute } from '@/lib/server/http/lookup-route';

// POST /api/2023-01/delivery_methods/{id}/merge — move its records to another of the delivery methods and delete it
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupMergeRoute('delivery_methods');
