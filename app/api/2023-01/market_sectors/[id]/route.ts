import { lookupEntryRoute } from '@/lib/server/http/lookup-route';

// GET, PATCH, DELETE /api/2023-01/market_sectors/{id} — one of the market sectors: read, rename or archive, delete when unused
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupEntryRoute('market_sectors');
