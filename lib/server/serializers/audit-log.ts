import type { AuditRow } from '@/db/queries/audit-log';
import type { AuditEntryResponse } from '@/lib/shared/validation/audit-log';
import { actedBy, iso } from './common';

/** One change as the audit log shows it. */
export function serializeAuditEntry(row: AuditRow): AuditEntryResponse {
  const { message } = row;
  const [resource, action] = message.eventType.split('.') as [AuditEntryResponse['resource'], AuditEntryResponse['action']];
  return {
    id: String(message.id),
    event_type: message.eventType as AuditEntryResponse['event_type'],
    resource,
    resource_id: message.payload.id,
    action,
    url: message.payload.url,
    timestamp: iso(message.timestamp),
    ...(actedBy(row, message.authMethod, message.tokenId) as Pick<AuditEntryResponse, 'actor' | 'auth_method' | 'token_id' | 'oauth_application'>),
    changed_fields: message.changedFields,
  };
}
