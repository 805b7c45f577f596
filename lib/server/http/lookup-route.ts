import { ACCESS } from './access';
import { createLookup, listLookup } from '@/lib/server/services/lookups';
import { LOOKUPS, lookupListQuery, type LookupKey, type WritableLookupKey } from '@/lib/shared/validation/lookups';
import { listOrExport } from './export';
import { parseBody } from './request';
import { defineRoute, json } from './route';

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
