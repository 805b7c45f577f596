import { lookupRoute } from '@/lib/server/http/lookup-route';

// GET, POST /api/2023-01/call_outcomes — list and create call outcomes
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = lookupRoute('call_outcomes');
