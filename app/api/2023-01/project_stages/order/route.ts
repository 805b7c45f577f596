import { stageOrderRoute } from '@/lib/server/http/lookup-route';

// PUT /api/2023-01/project_stages/order — the board order of every stage at once
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = stageOrderRoute();
