import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { getGoNoGo, putGoNoGo } from '@/lib/server/services/go-no-go';
import { goNoGoInput } from '@/lib/shared/validation/go-no-go';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/projects/{id}/go_no_go — the scorecard, the project's answers, score and decision
  GET: async ({ db, ctx, params }) => json({ go_no_go: await getGoNoGo(db, ctx, parseId(params.id, 'Project')) }),
  // PUT /api/2023-01/projects/{id}/go_no_go — answer, decide, and with a no-go close it as did_not_pursue
  PUT: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Project');
    return json({ go_no_go: await putGoNoGo(db, ctx, id, await parseBody(req, 'go_no_go', goNoGoInput)) });
  },
});
