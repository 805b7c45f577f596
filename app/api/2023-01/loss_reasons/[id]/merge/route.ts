import { lookupMergeRoute } from '@/lib/server/http/lookup-route';

// POST /api/2023-01/loss_reasons/{id}/merge — move its records to another of the loss reasons and delete it
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupMergeRoute('loss_reasons');
