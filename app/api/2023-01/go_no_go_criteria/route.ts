import { ACCESS } from '@/lib/server/http/access';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { createGoNoGoCriterion, listGoNoGoCriteria } from '@/lib/server/services/go-no-go';
import { goNoGoCriterionCreate, goNoGoCriterionListQuery, goNoGoCriterionResponse } from '@/lib/shared/validation/go-no-go';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/go_no_go_criteria — the account's go / no-go scorecard, by position
  GET: async (call) => listOrExport(call, 'go_no_go_criteria', goNoGoCriterionListQuery, listGoNoGoCriteria, goNoGoCriterionResponse),
  // POST /api/2023-01/go_no_go_criteria — add a criterion (admins)
  POST: {
    access: ACCESS.goNoGoCriteria,
    run: async ({ db, ctx, req }) =>
      json({ go_no_go_criterion: await createGoNoGoCriterion(db, ctx, await parseBody(req, 'go_no_go_criterion', goNoGoCriterionCreate)) }, 201),
  },
});
