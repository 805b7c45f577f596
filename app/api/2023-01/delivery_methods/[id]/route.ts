import { lookupEntryRoute } from '@/lib/server/http/lookup-route';

// GET, PATCH, DELETE /api/2023-01/delivery_methods/{id} — one of the delivery methods: read, rename or archive, delete when unused
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupEntryRoute('delivery_methods');
