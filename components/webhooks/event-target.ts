import type { WebhookMessage } from '@/lib/client/hooks/use-webhook-messages';

export const RESOURCE_LABELS: Record<string, string> = {
  lead: 'Lead',
  project: 'Project',
  company: 'Company',
  contact: 'Contact',
  task: 'Task',
  task_list: 'Task list',
  call: 'Call',
  workforce_employee: 'Employee',
  workforce_assignment: 'Assignment',
  workforce_time_off: 'Time off',
  workforce_certification: 'Certification',
  project_team_membership: 'Team membership',
  custom_field: 'Custom field',
  saved_view: 'Saved view',
  go_no_go_criterion: 'Go / no-go criterion',
};

export const ACTION_LABELS: Record<string, string> = { create: 'created', update: 'updated', delete: 'deleted' };

export interface EventTarget {
  resource: string;
  action: string;
  id: string;
  /** Where the record shows in the dashboard; null when there is nowhere to go (a deleted record). */
  href: string | null;
  /** What the link says. */
  label: string;
}

/**
 * The dashboard page of the record an event is about, from the event type and `payload.url` (the
 * record's API URL; a membership's carries its project as `?project_id=`). Leads have no page of their
 * own: the leads list searched by name (see LeadTarget), so `href` is null here for them.
 */
export function eventTarget(message: WebhookMessage): EventTarget {
  const [resource = '', action = ''] = message.event_type.split('.');
  const id = message.payload.id;
  let projectId: string | null = null;
  try {
    projectId = new URL(message.payload.url).searchParams.get('project_id');
  } catch {
    projectId = null;
  }
  const name = RESOURCE_LABELS[resource] ?? resource;
  const base = { resource, action, id };
  if (resource === 'project_team_membership') {
    return projectId ? { ...base, href: `/projects/${projectId}`, label: `Team of project #${projectId}` } : { ...base, href: null, label: `${name} #${id}` };
  }
  if (action === 'delete') return { ...base, href: null, label: `${name} #${id}` };
  const hrefs: Record<string, string> = {
    project: `/projects/${id}`,
    company: `/companies/${id}`,
    contact: `/contacts/${id}`,
    task: '/tasks',
    task_list: '/tasks',
    call: '/calls',
    workforce_employee: `/workforce?employee=${id}`,
    custom_field: '/settings/custom-fields',
    go_no_go_criterion: '/settings/scorecard',
  };
  return { ...base, href: hrefs[resource] ?? null, label: `${name} #${id}` };
}
