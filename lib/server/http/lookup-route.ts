import { ACCESS } from './access';
import { createLookup, deleteLookupEntry, getLookupEntry, listLookup, mergeLookupEntry, orderStages, updateLookupEntry } from '@/lib/server/services/lookups';
import { LOOKUPS, lookupLabel, lookupListQuery, lookupMerge, projectStageOrder, type LookupKey, type WritableLookupKey } from '@/lib/shared/validation/lookups';
import { listOrExport } from './export';
import { parseBody, parseId } from './request';
import { defineRoute, json, noContent } from './route';

function isWritable(key: LookupKey): key is WritableLookupKey {
  return LOOKUPS[key].create !== null;
}

/**
 * The route of one lookup: GET lists it (paginated), POST creates a value (201) unless the lookup
 * is read-only. Twelve lookups share these two handlers, so each route file is one line.
 */
export function lookupRoute(key: LookupKey) {
  const { singular, plural } = LOOKUPS[key];
  const writable = isWritable(key) ? key : null;
  return defineRoute({
    GET: (a) => listOrExport(a, plural, lookupListQuery, (db, ctx, query) => listLookup(db, ctx, key, query), LOOKUPS[key].response),
    ...(writable && {
      POST: {
        access: ACCESS.settings,
        run: async (a) => {
          const input = await parseBody(a.req, singular, LOOKUPS[writable].create);
          return json({ [singular]: await createLookup(a.db, a.ctx, writable, input) }, 201);
        },
      },
    }),
  });
}

/** One value of a list: GET; PATCH renames or archives it (admins); DELETE removes it when no record holds it. */
export function lookupEntryRoute(key: WritableLookupKey) {
  const { singular, update } = LOOKUPS[key];
  return defineRoute({
    GET: async ({ db, ctx, params }) => json({ [singular]: await getLookupEntry(db, ctx, key, parseId(params.id, lookupLabel(key))) }),
    PATCH: {
      access: ACCESS.settings,
      run: async ({ db, ctx, params, req }) => {
        const id = parseId(params.id, lookupLabel(key));
        return json({ [singular]: await updateLookupEntry(db, ctx, key, id, await parseBody(req, singular, update)) });
      },
    },
    DELETE: {
      access: ACCESS.settings,
      run: async ({ db, ctx, params }) => {
        await deleteLookupEntry(db, ctx, key, parseId(params.id, lookupLabel(key)));
        return noContent();
      },
    },
  });
}

/** POST …/{id}/merge: the value's records move to `into_id` and the value is deleted, in one transaction. */
export function lookupMergeRoute(key: WritableLookupKey) {
  const { singular } = LOOKUPS[key];
  return defineRoute({
    POST: {
      access: ACCESS.settings,
      run: async ({ db, ctx, params, req }) => {
        const id = parseId(params.id, lookupLabel(key));
        const { into_id: intoId } = await parseBody(req, 'merge', lookupMerge);
        return json({ [singular]: await mergeLookupEntry(db, ctx, key, id, intoId) });
      },
    },
  });
}

/** PUT /project_stages/order: the board order of every stage at once. */
export const stageOrderRoute = () =>
  defineRoute({
    PUT: {
      access: ACCESS.settings,
      run: async ({ db, ctx, req }) => json({ project_stages: await orderStages(db, ctx, await parseBody(req, 'project_stage_order', projectStageOrder)) }),
    },
  });
