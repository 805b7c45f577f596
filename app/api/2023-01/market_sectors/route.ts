import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET, POST /api/2023-01/market_sectors — list and create market sectors
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupRoute('market_sectors');
