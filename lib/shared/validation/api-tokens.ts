import { z } from 'zod';
import { name, paginationQuery, recordResponse, responseTimestamp, timestamp } from './common';

export const TOKEN_SCOPES = ['read', 'read write'] as const;

/** POST body under `api_token`. */
export const apiTokenCreate = z
  .object({
    name: name.meta({ description: 'A label to tell tokens apart ("CI export", "Zapier").' }),
    scope: z.enum(TOKEN_SCOPES).meta({ description: '`read` (GET only) or `read write`.' }),
    expires_at: timestamp
      .nullable()
      .optional()
      .refine((d) => d == null || d.getTime() > Date.now(), 'must be in the future')
      .meta({ description: 'When the token stops working; omitted or null: never.' }),
  })
  .meta({ id: 'ApiTokenCreate' });
export type ApiTokenCreate = z.output<typeof apiTokenCreate>;

export const apiTokenListQuery = paginationQuery.omit({ updated_since: true });
export type ApiTokenListQuery = z.output<typeof apiTokenListQuery>;

export const apiTokenResponse = recordResponse('ApiToken', {
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  hint: z.string().meta({ description: 'The last four characters of the token, after an ellipsis: "…abcd".' }),
  last_used_at: responseTimestamp.nullable().meta({ description: 'Recorded at most once a minute.' }),
  expires_at: responseTimestamp.nullable(),
});
export type ApiTokenResponse = z.output<typeof apiTokenResponse>;

/** The answer to a create: the only time the secret is shown. */
export const apiTokenCreated = apiTokenResponse
  .extend({
    token: z.string().meta({ description: 'The secret (`gw_pat_…`), shown in this response only; send it as `Authorization: Bearer <token>`.' }),
  })
  .meta({ id: 'ApiTokenCreated' });
export type ApiTokenCreated = z.output<typeof apiTokenCreated>;
