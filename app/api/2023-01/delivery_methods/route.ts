import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET, POST /api/2023-01/delivery_methods — list and create delivery methods
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupRoute('delivery_methods');
