import { describe, expect, it } from 'vitest';
import type { WebhookMessage } from '@/lib/client/hooks/use-webhook-messages';
import { EVENT_RESOURCES } from '@/lib/shared/resources';
import { eventTarget, RESOURCE_LABELS } from './event-target';

const message = (event_type: string, id: string, path: string) =>
  ({ id: '1', event_type, event_id: 'e', payload: { id, url: `https://crm.example.com/api/2023-01/${path}` }, timestamp: '' }) as WebhookMessage;

describe('the dashboard page of an event', () => {
  it('links each kind of record to where it shows', () => {
    const href = (type: string, id: string, path: string) => eventTarget(message(type, id, path)).href;
    expect(href('project.update', '7', 'projects/7')).toBe('/projects/7');
    expect(href('company.create', '3', 'companies/3')).toBe('/companies/3');
    expect(href('contact.update', '9', 'contacts/9')).toBe('/contacts/9');
    expect(href('task.update', '4', 'tasks/4')).toBe('/tasks');
    expect(href('task_list.create', '2', 'task_lists/2')).toBe('/tasks');
    expect(href('call.create', '5', 'calls/5')).toBe('/calls');
    expect(href('workforce_employee.update', '8', 'workforce/employees/8')).toBe('/workforce?employee=8');
    // A membership's project comes from the payload URL.
    expect(href('project_team_membership.create', '3', 'project_team_memberships/3?project_id=12')).toBe('/projects/12');
    expect(href('project_team_membership.delete', '3', 'project_team_memberships/3?project_id=12')).toBe('/projects/12');
  });

  it('has nowhere to go for a deleted record; a lead goes to its own page', () => {
    expect(eventTarget(message('project.delete', '7', 'projects/7'))).toMatchObject({ href: null, label: 'Project #7' });
    expect(eventTarget(message('lead.update', '4', 'leads/4'))).toMatchObject({ resource: 'lead', href: '/leads/4', label: 'Lead #4' });
  });

  it('names every kind of record the API sends events about', () => {
    expect(EVENT_RESOURCES.filter((r) => !RESOURCE_LABELS[r])).toEqual([]);
  });
});
