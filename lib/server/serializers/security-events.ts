import type { SecurityEventRow } from '@/db/queries/security-events';
import type { SecurityEventResponse } from '@/lib/shared/validation/security-events';
import { idOrNull, iso, personRef } from './common';

export function serializeSecurityEvent({ event, actor, application }: SecurityEventRow): SecurityEventResponse {
  return {
    id: String(event.id),
    kind: event.kind as SecurityEventResponse['kind'],
    timestamp: iso(event.createdAt),
    actor: personRef(actor),
    auth_method: event.authMethod as SecurityEventResponse['auth_method'],
    token_id: idOrNull(event.tokenId),
    oauth_application: application ? { id: String(application.id), name: application.name } : null,
    subject_type: event.subjectType,
    subject_id: event.subjectId,
    details: event.details,
    ip_address: event.ipAddress,
    user_agent: event.userAgent,
  };
}
