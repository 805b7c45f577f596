import { ACCESS } from '@/lib/server/http/access';
import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { deleteGoNoGoCriterion, getGoNoGoCriterion, updateGoNoGoCriterion } from '@/lib/server/services/go-no-go';
import { goNoGoCriterionUpdate } from '@/lib/shared/validation/go-no-go';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/go_no_go_criteria/{id} — one criterion
  GET: async (a) => json({ go_no_go_criterion: await getGoNoGoCriterion(a.db, a.ctx, parseId(a.params.id, 'Go / no-go criterion')) }),
  // PATCH /api/2023-01/go_no_go_criteria/{id} — its name, description, weight, kind, position or archived (admins)
  PATCH: {
    access: ACCESS.goNoGoCriteria,
    run: async (a) => {
      const id = parseId(a.params.id, 'Go / no-go criterion');
      return json({ go_no_go_criterion: await updateGoNoGoCriterion(a.db, a.ctx, id, await parseBody(a.req, 'go_no_go_criterion', goNoGoCriterionUpdate)) });
    },
  },
  // DELETE /api/2023-01/go_no_go_criteria/{id} — drop it from the scorecard (admins; archive it to keep it listed)
  DELETE: {
    access: ACCESS.goNoGoCriteria,
    run: async (a) => {
      await deleteGoNoGoCriterion(a.db, a.ctx, parseId(a.params.id, 'Go / no-go criterion'));
      return noContent();
    },
  },
});
