import { z } from 'zod';
import { paginationQuery, querySearch, userReference } from './common';

export const userListQuery = paginationQuery.extend({
  q: querySearch.optional().meta({ description: 'Case-insensitive search in the name and the email.' }),
});
export type UserListQuery = z.output<typeof userListQuery>;

/** Users are read-only through the API and answer the User reference shape everywhere. */
export const userResponse = userReference;
export type UserResponse = z.output<typeof userResponse>;
