import type { UserRole } from '@/lib/shared/validation/enums';

export const ROLE_LABELS: Record<UserRole, string> = { admin: 'Admin', member: 'Member' };
export const SCOPE_LABELS: Record<'read' | 'read write', string> = { read: 'Read only', 'read write': 'Read and write' };
