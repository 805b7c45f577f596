import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { LOOKUPS, lookupListQuery, projectStageUpdate } from '@/lib/shared/validation/lookups';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');
const NAME_TAKEN = 'The account already has one of this `name`, in any letter case';

/** List (and, except imports and the fixed sets, create) for every lookup, from the table the routes are built from. */
export const lookupsPaths: ZodOpenApiPathsObject = Object.assign(
  {},
  ...Object.values(LOOKUPS).map((l) => {
    const label = l.singular.replace(/_/g, ' ');
    const order = l.kind === 'project_stage' ? 'by position, then id' : l.kind === 'fixed' ? 'by id; a fixed set, the same in every account' : 'by name';
    return resourcePaths({
      path: l.path,
      tag: 'Lookups',
      singular: l.singular,
      plural: l.plural,
      response: l.response,
      create: l.create ?? undefined,
      listQuery: lookupListQuery,
      // Stages are also read and changed one at a time (their default probability weighs the forecast).
      ...(l.kind === 'project_stage' && { update: projectStageUpdate }),
      ops: l.kind === 'project_stage' ? ['list', 'create', 'get', 'update'] : l.create ? ['list', 'create'] : ['list'],
      conflicts: { create: NAME_TAKEN, update: NAME_TAKEN },
      summaries: {
        list: `List ${l.plural.replace(/_/g, ' ')} (ordered ${order})`,
        create: `Create ${article(label)} ${label} (409 when the name exists, in any letter case)`,
        get: `Get ${article(label)} ${label}`,
        update: `Update ${article(label)} ${label}: its name, position or default probability`,
      },
    });
  }),
);
