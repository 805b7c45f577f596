import type { OAuthApplicationRow } from '@/db/queries/oauth-applications';
import type { OAuthGrantRow } from '@/db/queries/oauth-grants';
import type { OAuthApplicationResponse, OAuthGrantResponse } from '@/lib/shared/validation/oauth-applications';
import { base, iso, personRef } from './common';

const scopeOf = (scope: string) => (scope === 'read' ? 'read' : 'read write');

/** An application as its account's admins see it: never the secret's hash. */
export function serializeOAuthApplication(row: OAuthApplicationRow): OAuthApplicationResponse {
  return {
    ...base(row),
    name: row.name,
    client_id: row.clientId,
    confidential: row.confidential,
    secret_hint: row.secretHint ? `…${row.secretHint}` : null,
    redirect_uris: row.redirectUris,
    scope: scopeOf(row.scope),
    rate_limit_points: row.rateLimitPoints,
    rate_limit_duration: row.rateLimitDuration,
    owner_id: String(row.ownerId),
  };
}

export function serializeOAuthGrant(row: OAuthGrantRow): OAuthGrantResponse {
  return {
    ...base(row),
    application: { id: String(row.applicationId), name: row.applicationName, client_id: row.clientId, registration: row.registration },
    scope: scopeOf(row.scope),
    last_authorized_at: iso(row.lastAuthorizedAt),
    last_used_at: row.lastUsedAt ? iso(row.lastUsedAt) : null,
    user: personRef(row.user)!,
  };
}
