import type { ApiTokenRow } from '@/db/queries/api-tokens';
import type { ApiTokenResponse } from '@/lib/shared/validation/api-tokens';
import { base, isoOrNull } from './common';

/** A token as its owner sees it: never the hash, never the secret. */
export function serializeApiToken(row: ApiTokenRow): ApiTokenResponse {
  return {
    ...base(row),
    name: row.name,
    scope: row.scope === 'read' ? 'read' : 'read write',
    hint: `…${row.hint}`,
    last_used_at: isoOrNull(row.lastUsedAt),
    expires_at: isoOrNull(row.expiresAt),
  };
}
