import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/client/api-client';
import type { AuditEntryResponse } from '@/lib/shared/validation/audit-log';
import type { SecurityEventResponse } from '@/lib/shared/validation/security-events';

export type AuditEntry = AuditEntryResponse;

export const auditKeys = {
  all: ['audit_log'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...auditKeys.lists(), params] as const,
};

export const auditLogQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: () => api.list<AuditEntry>('/audit_log', 'audit_log', params),
  });

export const useAuditLog = (params: QueryParams) => useQuery(auditLogQuery(params));

export type SecurityEvent = SecurityEventResponse;

export const securityEventKeys = {
  all: ['security_events'] as const,
  lists: () => [...securityEventKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...securityEventKeys.lists(), params] as const,
};

export const securityEventsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: securityEventKeys.list(params),
    queryFn: () => api.list<SecurityEvent>('/security_events', 'security_events', params),
  });

export const useSecurityEvents = (params: QueryParams, enabled = true) => useQuery({ ...securityEventsQuery(params), enabled });
