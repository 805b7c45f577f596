import { lookupMergeRoute } from '@/lib/server/http/lookup-route';

// POST /api/2023-01/market_sectors/{id}/merge — move its records to another of the market sectors and delete it
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupMergeRoute('market_sectors');
