import type { AuditRow } from '@/db/queries/audit-log';
import type { AuditEntryResponse } from '@/lib/shared/validation/audit-log';
import { idOrNull, iso, personRef } from './common';

/** One change as the audit log shows it. */
export function serializeAuditEntry({ message, actor, application }: AuditRow): AuditEntryResponse {
  const [resource, action] = message.eventType.split('.') as [AuditEntryResponse['resource'], AuditEntryResponse['action']];
  return {
    id: String(message.id),
    event_type: message.eventType as AuditEntryResponse['event_type'],
    resource,
    resource_id: message.payload.id,
    action,
    url: message.payload.url,
    timestamp: iso(message.timestamp),
    actor: personRef(actor),
    auth_method: message.authMethod as AuditEntryResponse['auth_method'],
    token_id: idOrNull(message.tokenId),
    oauth_application: application ? { id: String(application.id), name: application.name } : null,
    changed_fields: message.changedFields,
  };
}
