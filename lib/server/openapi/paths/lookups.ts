import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { LOOKUPS, lookupListQuery, lookupMerge, projectStageEntryResponse, projectStageOrder } from '@/lib/shared/validation/lookups';
import { conflictResponse, idPath, jsonBody, notFoundResponses, ok, resourcePaths, standardErrors, writeErrors } from '@/lib/server/openapi/paths/resource';
import { z } from 'zod';

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');
const NAME_TAKEN = 'The account already has one of this `name`, in any letter case';
const IN_USE = conflictResponse('Records hold the value (`details.usage_count`): merge it into another, or archive it');

/**
 * Every lookup: list it; for the account's own lists, create, read, change, delete and merge a value
 * (docs/settings.md); stages also take their board order at once.
 */
export const lookupsPaths: ZodOpenApiPathsObject = Object.assign(
  {},
  ...Object.values(LOOKUPS).map((l) => {
    const label = l.singular.replace(/_/g, ' ');
    const order = l.kind === 'project_stage' ? 'by position, then id' : l.kind === 'fixed' ? 'by id; a fixed set, the same in every account' : 'by name';
    const paths = resourcePaths({
      path: l.path,
      tag: 'Lookups',
      singular: l.singular,
      plural: l.plural,
      response: l.response,
      create: l.create ?? undefined,
      update: l.update ?? undefined,
      listQuery: lookupListQuery,
      ops: l.create ? ['list', 'create', 'get', 'update', 'delete'] : ['list'],
      conflicts: { create: NAME_TAKEN, update: NAME_TAKEN },
      summaries: {
        list: `List ${l.plural.replace(/_/g, ' ')} (ordered ${order})`,
        create: `Create ${article(label)} ${label} (409 when the name exists, in any letter case)`,
        get: `Get ${article(label)} ${label}, with how many records hold it`,
        update:
          l.kind === 'project_stage'
            ? `Update ${article(label)} ${label}: its name, position, default probability or colour`
            : `Rename, archive or restore ${article(label)} ${label}`,
        delete: `Delete ${article(label)} ${label} no record holds (409 while one does: merge it instead)`,
      },
    });
    if (!l.create) return paths;
    const one = `/api/2023-01/${l.path}/{id}`;
    Object.assign(paths[one]!.delete!.responses!, IN_USE);
    return {
      ...paths,
      [`${one}/merge`]: {
        post: {
          operationId: `merge_${l.singular}`,
          tags: ['Lookups'],
          summary: `Merge ${article(label)} ${label} into another: its records move there, and it is deleted`,
          description:
            'In one transaction: every record holding the value (leads, projects, companies, calls, employees, assignments, as the list is used) takes `into_id` instead, their `updated_at` moves, and the value is deleted. Answers the value kept. No webhook event, as for every change to a list.' +
            (l.kind === 'project_stage' ? ' A stage merges only into a stage of the same category.' : ''),
          requestParams: { path: idPath },
          requestBody: jsonBody('merge', lookupMerge),
          responses: { ...ok('The value the records now hold.', l.singular, l.response), ...standardErrors, ...notFoundResponses, ...writeErrors },
        },
      },
    };
  }),
  {
    '/api/2023-01/project_stages/order': {
      put: {
        operationId: 'order_project_stages',
        tags: ['Lookups'],
        summary: "Put the account's stages in a new board order",
        description: 'Every stage of the account, once each; positions become 0, 1, … in that order. Answers the stages in it.',
        requestBody: jsonBody('project_stage_order', projectStageOrder),
        responses: { ...ok('The stages, in their new order.', 'project_stages', z.array(projectStageEntryResponse)), ...standardErrors, ...writeErrors },
      },
    },
  },
);
