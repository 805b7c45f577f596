import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { bidResultCreate, bidResultListQuery, bidResultResponse, bidResultUpdate, projectBidResultsQuery } from '@/lib/shared/validation/bid-results';
import { idPath, jsonBody, listHeaders, notFoundResponses, ok, resourcePaths, standardErrors, wrapped, writeErrors } from '@/lib/server/openapi/paths/resource';

const RULES =
  'A company’s bid names it in `company_id`; ours has `is_us: true` and no company. A project has at most one winner, one bid of ours and one bid per company (422 naming the field otherwise).';

export const bidResultsPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/projects/{id}/bid_results': {
    get: {
      operationId: 'list_project_bid_results',
      tags: ['Bid results'],
      summary: 'Who bid on a project: the lowest price first',
      description: 'The project must be one you see (404 otherwise). Sorted by rank, then amount (unknowns last), ties by id, unless `sort` says otherwise.',
      requestParams: { path: idPath, query: projectBidResultsQuery },
      responses: {
        '200': {
          description: 'A page of results.',
          headers: listHeaders,
          content: { 'application/json': { schema: wrapped('bid_results', z.array(bidResultResponse)) } },
        },
        ...standardErrors,
        ...notFoundResponses,
        '422': writeErrors['422'],
      },
    },
    post: {
      operationId: 'create_bid_result',
      tags: ['Bid results'],
      summary: 'Record a bidder’s price, rank and whether they won (or our own bid)',
      description: RULES,
      requestParams: { path: idPath },
      requestBody: jsonBody('bid_result', bidResultCreate),
      responses: { ...ok('Created.', 'bid_result', bidResultResponse, '201'), ...standardErrors, ...notFoundResponses, ...writeErrors },
    },
  },
  ...resourcePaths({
    resource: 'bid_result',
    response: bidResultResponse,
    update: bidResultUpdate,
    listQuery: bidResultListQuery,
    ops: ['list', 'get', 'update', 'delete'],
    summaries: {
      list: 'List every bid result you see, by project or bidder (sync clients: updated_since)',
      update: `Update a bid result. ${RULES}`,
    },
  }),
};
