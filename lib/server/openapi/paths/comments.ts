import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { commentCreate, commentListQuery, commentResponse, commentUpdate } from '@/lib/shared/validation/comments';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

export const commentsPaths: ZodOpenApiPathsObject = resourcePaths({
  resource: 'comment',
  response: commentResponse,
  create: commentCreate,
  update: commentUpdate,
  listQuery: commentListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
  summaries: {
    list: 'List the comments on a lead, project, company, contact or task, newest first (the record must be one you see: 404 otherwise)',
    create: 'Comment on a record; mentions are written @[Name](user:ID) and must name users of the account',
    update: 'Edit a comment (its author only: 403 for others)',
    delete: 'Delete a comment (its author, or an admin of the account)',
  },
});
