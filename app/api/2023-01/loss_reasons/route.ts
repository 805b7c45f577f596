import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET, POST /api/2023-01/loss_reasons — list and create loss reasons
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupRoute('loss_reasons');
