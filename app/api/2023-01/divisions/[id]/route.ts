import { lookupEntryRoute } from '@/lib/server/http/lookup-route';

// GET, PATCH, DELETE /api/2023-01/divisions/{id} — one of the divisions: read, rename or archive, delete when unused
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupEntryRoute('divisions');
