import { lookupEntryRoute } from '@/lib/server/http/lookup-route';

// GET, PATCH, DELETE /api/2023-01/workforce/roles/{id} — one of the workforce roles: read, rename or archive, delete when unused
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupEntryRoute('workforce_roles');
