import type { SecurityEventRow } from '@/db/queries/security-events';
import type { SecurityEventResponse } from '@/lib/shared/validation/security-events';
import { actedBy, iso } from './common';

export function serializeSecurityEvent(row: SecurityEventRow): SecurityEventResponse {
  const { event } = row;
  return {
    id: String(event.id),
    kind: event.kind as SecurityEventResponse['kind'],
    timestamp: iso(event.createdAt),
    ...(actedBy(row, event.authMethod, event.tokenId) as Pick<SecurityEventResponse, 'actor' | 'auth_method' | 'token_id' | 'oauth_application'>),
    subject_type: event.subjectType,
    subject_id: event.subjectId,
    details: event.details,
    ip_address: event.ipAddress,
    user_agent: event.userAgent,
  };
}
