import type { ImportResource, PermissionArea, SavedViewResource } from '@/db/schema/enums';
import { allows, type AreaAction } from '@/lib/shared/permissions';
import type { CallerContext } from './context';
import { ServiceError } from './errors';

// The permission areas, as services and the route wrapper check them (docs/permissions.md).

const VERB: Record<AreaAction, string> = { read: 'read', write: 'create or change', delete: 'delete' };

/** 403 `insufficient_permission` unless the caller's level in `area` allows `action`. */
export function requireArea(ctx: CallerContext, area: PermissionArea, action: AreaAction): void {
  const level = ctx.access.permissions[area];
  if (allows(level, action)) return;
  const message =
    level === 'none'
      ? `You have no access to ${area}; an admin of the account can give it in Settings → Users.`
      : `Your ${level} permission on ${area} lets you read, create and change, not ${VERB[action]}; deleting needs the admin level.`;
  throw new ServiceError('insufficient_permission', message, { area, permission: level, required: action === 'delete' ? 'admin' : 'collaborator' });
}

/** The area of each list a user imports into or keeps views of (tasks are the projects' area). */
export const AREA_OF_LIST: Record<ImportResource | SavedViewResource, PermissionArea> = {
  leads: 'leads',
  projects: 'projects',
  tasks: 'projects',
  companies: 'directory',
  contacts: 'directory',
  workforce_employees: 'workforce',
  bid_results: 'projects',
};

/** Whether the caller may read the list of `resource`. */
export const mayRead = (ctx: CallerContext, resource: keyof typeof AREA_OF_LIST) => allows(ctx.access.permissions[AREA_OF_LIST[resource]], 'read');
