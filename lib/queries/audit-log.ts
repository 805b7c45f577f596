import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/api-client';
import type { AuditEntryResponse } from '@/lib/validation/audit-log';

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
