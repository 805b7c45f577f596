import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { winRatesQuery, winRatesResponse } from '@/lib/shared/validation/insights';
import { ok, standardErrors, writeErrors } from '@/lib/server/openapi/resource';

export const insightsPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/insights/win_rates': {
    get: {
      tags: ['Insights'],
      summary: 'Win rates by a grouping',
      description:
        'Won and lost projects (by `closed_at`, since `since`) grouped by a project relation, with their counts, amounts and win rates ' +
        '(docs/insights.md). Needs the `insights` permission; a team-limited user counts only the projects of their teams.',
      requestParams: { query: winRatesQuery },
      responses: { ...ok('The win rates.', 'win_rates', winRatesResponse), ...standardErrors, '422': writeErrors['422'] },
    },
  },
};
