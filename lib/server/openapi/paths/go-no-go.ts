import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { idPath, jsonBody, notFoundResponses as notFound, ok, resourcePaths, standardErrors, writeErrors } from '@/lib/server/openapi/paths/resource';
import {
  goNoGoCriterionCreate,
  goNoGoCriterionListQuery,
  goNoGoCriterionResponse,
  goNoGoCriterionUpdate,
  goNoGoDetailResponse,
  goNoGoInput,
} from '@/lib/shared/validation/go-no-go';

export const goNoGoPaths: ZodOpenApiPathsObject = {
  ...resourcePaths({
    resource: 'go_no_go_criterion',
    response: goNoGoCriterionResponse,
    create: goNoGoCriterionCreate,
    update: goNoGoCriterionUpdate,
    listQuery: goNoGoCriterionListQuery,
    ops: ['list', 'create', 'get', 'update', 'delete'],
    summaries: {
      list: 'List the go / no-go scorecard’s criteria (by position)',
      create: 'Add a criterion to the scorecard (account admins)',
      update: 'Change a criterion: name, description, weight, kind, position, archived (account admins)',
      delete: 'Delete a criterion (account admins; answers given to it stay on projects and count in no score)',
    },
  }),
  '/api/2023-01/projects/{id}/go_no_go': {
    get: {
      operationId: 'get_project_go_no_go',
      tags: ['Insights'],
      summary: 'A project’s go / no-go: the scorecard, the answers, score and decision, capacity suggestions and the value per estimating hour',
      requestParams: { path: idPath },
      responses: { ...ok('The go / no-go.', 'go_no_go', goNoGoDetailResponse), ...standardErrors, ...notFound },
    },
    put: {
      operationId: 'set_project_go_no_go',
      tags: ['Insights'],
      summary: 'Answer the scorecard and decide; a no-go may close the project as did_not_pursue in the same step',
      description:
        'Answers merge into the project’s (null removes one); a decision of go or no_go records who decided and when, undecided clears them. ' +
        'An update of the project: its If-Match (the project’s ETag) and its `project.update` event.',
      requestParams: { path: idPath },
      requestBody: jsonBody('go_no_go', goNoGoInput),
      responses: { ...ok('The go / no-go.', 'go_no_go', goNoGoDetailResponse), ...standardErrors, ...notFound, ...writeErrors },
    },
  },
};
