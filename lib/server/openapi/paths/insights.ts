import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { competitorResponse, competitorsQuery, probabilityGapsQuery, winRatesQuery, winRatesResponse } from '@/lib/shared/validation/insights';
import { projectResponse } from '@/lib/shared/validation/projects';
import { listHeaders, ok, standardErrors, wrapped, writeErrors } from '@/lib/server/openapi/paths/resource';

export const insightsPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/insights/win_rates': {
    get: {
      operationId: 'get_win_rates',
      tags: ['Insights'],
      summary: 'Win rates by a grouping',
      description:
        'Won and lost projects (by `closed_at`, since `since`) grouped by a project relation, with their counts, amounts and win rates ' +
        '(docs/insights.md). Needs the `insights` permission; a team-limited user counts only the projects of their teams.',
      requestParams: { query: winRatesQuery },
      responses: { ...ok('The win rates.', 'win_rates', winRatesResponse), ...standardErrors, '422': writeErrors['422'] },
    },
  },
  '/api/2023-01/insights/competitors': {
    get: {
      operationId: 'list_competitors',
      tags: ['Insights'],
      summary: 'Who bid against us: how often, how often they won, head to head and the median price gap',
      description:
        'One row per company with a bid result on a project you see, the most bids first (ties by name). We bid on a project when it has our result or closed as won or lost; ' +
        'we won it when our result is the winner, or it closed as won without a winner recorded. Our amount is our result’s, else the project’s (docs/bids-and-competitors.md). ' +
        'Needs the `insights` permission; a team-limited user counts only the projects of their teams.',
      requestParams: { query: competitorsQuery },
      responses: {
        '200': {
          description: 'A page of competitors.',
          headers: listHeaders,
          content: { 'application/json': { schema: wrapped('competitors', z.array(competitorResponse)) } },
        },
        ...standardErrors,
        '422': writeErrors['422'],
      },
    },
  },
  '/api/2023-01/insights/probability_gaps': {
    get: {
      operationId: 'list_probability_gaps',
      tags: ['Insights'],
      summary: 'Open pursuits whose learned and entered odds disagree on the most money',
      description:
        'Open projects with an amount, ranked by amount × |suggested_probability − entered probability| (the project’s, else its stage’s default), ' +
        'largest first; ties by amount. Needs the `insights` and `projects` permissions.',
      requestParams: { query: probabilityGapsQuery },
      responses: { ...ok('The projects, ranked.', 'projects', z.array(projectResponse)), ...standardErrors, '422': writeErrors['422'] },
    },
  },
};
