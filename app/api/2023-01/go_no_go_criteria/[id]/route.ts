import { ACCESS } from '@/lib/server/http/access';
import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { deleteGoNoGoCriterion, getGoNoGoCriterion, updateGoNoGoCriterion } from '@/lib/server/services/go-no-go';
import { goNoGoCriterionUpdate } from '@/lib/shared/validation/go-no-go';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/go_no_go_criteria/{id} — one criterion
  GET: async ({ db, ctx, params }) => json({ go_no_go_criterion: await getGoNoGoCriterion(db, ctx, parseId(params.id, 'Go / no-go criterion')) }),
  // PATCH /api/2023-01/go_no_go_criteria/{id} — its name, description, weight, kind, position or archived (admins)
  PATCH: {
    access: ACCESS.goNoGoCriteria,
    run: async ({ params, db, ctx, req }) => {
      const id = parseId(params.id, 'Go / no-go criterion');
      return json({ go_no_go_criterion: await updateGoNoGoCriterion(db, ctx, id, await parseBody(req, 'go_no_go_criterion', goNoGoCriterionUpdate)) });
    },
  },
  // DELETE /api/2023-01/go_no_go_criteria/{id} — drop it from the scorecard (admins; archive it to keep it listed)
  DELETE: {
    access: ACCESS.goNoGoCriteria,
    run: async ({ db, ctx, params }) => {
      await deleteGoNoGoCriterion(db, ctx, parseId(params.id, 'Go / no-go criterion'));
      return noContent();
    },
  },
});
