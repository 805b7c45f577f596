import { RESOURCES } from '@/lib/shared/resources';
import type { WebhookMessage } from '@/lib/client/hooks/use-webhook-messages';

/** The dashboard's shorter names of a few resources (their pages say "Workforce" already). */
const SHORT_LABELS: Record<string, string> = {
  workforce_employee: 'Employee',
  workforce_assignment: 'Assignment',
  project_team_membership: 'Team membership',
};

/** Every resource whose changes are events, by what people call it (from the descriptors, lib/shared/resources.ts). */
export const RESOURCE_LABELS: Record<string, string> = Object.fromEntries(
  Object.entries(RESOURCES)
    .filter(([, r]) => r.events)
    .map(([key, r]) => [key, SHORT_LABELS[key] ?? r.label]),
);

export const ACTION_LABELS: Record<string, string> = { create: 'created', update: 'updated', delete: 'deleted', merge: 'merged' };

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
 * record's API URL; a membership's carries its project as `?project_id=`). No request per row: the
 * link names the record by its kind and id.
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
    lead: `/leads/${id}`,
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
