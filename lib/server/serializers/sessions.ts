import type { SessionRow } from '@/db/queries/sessions';
import type { SessionResponse } from '@/lib/shared/validation/sessions';
import { base, iso } from './common';

/** A session as its user sees it: never its token. */
export function serializeSession(row: SessionRow, currentToken: string | null): SessionResponse {
  return {
    ...base(row),
    last_seen_at: iso(row.updatedAt),
    expires_at: iso(row.expiresAt),
    user_agent: row.userAgent || null,
    ip_address: row.ipAddress || null,
    current: row.token === currentToken,
  };
}
