import type { CommentResponse } from '@/lib/shared/validation/comments';
import { resourceHooks } from './resource';

export type Comment = CommentResponse;

/** Comments (docs/collaboration.md): a record's thread, newest first; edits send If-Match. */
const comments = resourceHooks<Comment>('comment');

export const {
  keys: commentKeys,
  listQuery: commentsQuery,
  useList: useComments,
  useCreate: useCreateComment,
  useUpdate: useUpdateComment,
  useDelete: useDeleteComment,
} = comments;
