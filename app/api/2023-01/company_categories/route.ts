import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET /api/2023-01/company_categories — list the categories a company takes (read-only, a fixed set)
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupRoute('company_categories');
