import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { savedViewCreate, savedViewListQuery, savedViewResponse, savedViewUpdate } from '@/lib/shared/validation/saved-views';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

export const savedViewsPaths: ZodOpenApiPathsObject = resourcePaths({
  resource: 'saved_view',
  response: savedViewResponse,
  create: savedViewCreate,
  update: savedViewUpdate,
  listQuery: savedViewListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
  summaries: {
    list: 'List your saved views and the account’s shared ones (of the lists you may read)',
    create: 'Save a list’s filters, columns and sort under a name (private, or shared with the account)',
    update: 'Rename, change, share or unshare a saved view (its owner or an admin)',
    delete: 'Delete a saved view (its owner or an admin)',
  },
});
