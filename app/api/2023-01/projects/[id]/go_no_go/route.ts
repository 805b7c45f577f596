import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { getGoNoGo, putGoNoGo } from '@/lib/server/services/go-no-go';
import { goNoGoInput } from '@/lib/shared/validation/go-no-go';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/projects/{id}/go_no_go — the scorecard, the project's answers, score and decision
  GET: async (a) => json({ go_no_go: await getGoNoGo(a.db, a.ctx, parseId(a.params.id, 'Project')) }),
  // PUT /api/2023-01/projects/{id}/go_no_go — answer, decide, and with a no-go close it as did_not_pursue
  PUT: async (a) => {
    const id = parseId(a.params.id, 'Project');
    return json({ go_no_go: await putGoNoGo(a.db, a.ctx, id, await parseBody(a.req, 'go_no_go', goNoGoInput)) });
  },
});
