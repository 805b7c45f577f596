import {
  PERMISSION_AREAS,
  type CustomFieldResource,
  type CustomFieldType,
  type PermissionArea,
  type PermissionLevel,
  type ProjectAccess,
  type UserRole,
} from '@/lib/shared/validation/enums';

export const ROLE_LABELS: Record<UserRole, string> = { admin: 'Admin', member: 'Member' };
export const SCOPE_LABELS: Record<'read' | 'read write', string> = { read: 'Read only', 'read write': 'Read and write' };

export const AREA_LABELS: Record<PermissionArea, string> = {
  leads: 'Leads',
  projects: 'Projects, tasks and calls',
  directory: 'Companies and contacts',
  workforce: 'Workforce',
  forecast: 'Forecast',
  insights: 'Insights',
};
export const LEVEL_LABELS: Record<PermissionLevel, string> = { admin: 'Admin', collaborator: 'Collaborator', none: 'No access' };
export const PROJECT_ACCESS_LABELS: Record<ProjectAccess, string> = { all: 'All projects', team: 'Only their teams’ projects' };

/** One line on what a user may do: "All projects · no workforce". */
export function accessSummary(user: { role: UserRole; project_access: ProjectAccess; permissions: Record<PermissionArea, PermissionLevel> }): string {
  if (user.role === 'admin') return 'Everything (account admin)';
  const none = PERMISSION_AREAS.filter((a) => user.permissions[a] === 'none').map((a) => AREA_LABELS[a].toLowerCase());
  const admin = PERMISSION_AREAS.filter((a) => user.permissions[a] === 'admin').map((a) => AREA_LABELS[a].toLowerCase());
  return [
    PROJECT_ACCESS_LABELS[user.project_access],
    ...(admin.length ? [`deletes in ${admin.join(', ')}`] : []),
    ...(none.length ? [`no ${none.join(', ')}`] : []),
  ].join(' · ');
}

export const RESOURCE_LABELS: Record<CustomFieldResource, string> = {
  projects: 'Projects',
  leads: 'Leads',
  companies: 'Companies',
  contacts: 'Contacts',
};

export const FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  long_text: 'Long text',
  number: 'Number',
  currency: 'Amount (USD)',
  date: 'Date',
  boolean: 'Yes / no',
  select: 'Select (one option)',
  multi_select: 'Multi-select',
  user: 'User',
  url: 'Link (URL)',
};
