import { expect } from 'vitest';
import { TIMESTAMP } from './fixtures';

// The record shapes the interface specification gives each resource, written out from it rather than from our
// schemas, so a field missing from both would still fail.

const base = ['id', 'created_at', 'updated_at'];
export const SHAPES = {
  address: ['street_address', 'street_address2', 'city', 'state', 'zip', 'country'],
  named: [...base, 'name'],
  user: [...base, 'first_name', 'last_name', 'name', 'email'],
  company_ref: [...base, 'name', 'website'],
  task_list_ref: [...base, 'name', 'project'],
  workforce_role: [...base, 'name', 'abbreviation'],
  manager: [...base, 'legal_first_name', 'preferred_first_name', 'last_name', 'email', 'role'],
  lead: [
    ...base,
    'name',
    'description',
    'priority',
    'value_in_cents',
    'estimated_start_date',
    'construction_duration',
    'construction_duration_unit',
    'square_feet',
    'units',
    'archived_at',
    'snooze_until',
    'work_scope',
    'address',
    'assigned_to',
    'archived_by',
    'created_by',
    'company',
    'contact',
    'contract_type',
    'delivery_method',
    'division',
    'lead_source',
    'market_sector',
    'tender_type',
  ],
  project: [
    ...base,
    'name',
    'description',
    'project_number',
    'external_id',
    'stage_age',
    'project_duration',
    'pursuit_duration',
    'square_feet',
    'units',
    'probability',
    'price_per_square_foot',
    'price_per_unit',
    'amount',
    'project_status',
    'close_type',
    'award_date',
    'bid_due_date',
    'start_date',
    'end_date',
    'bid_due_at',
    'bid_due_at_includes_time',
    'work_scope',
    'address',
    'assigned_to',
    'created_by',
    'company',
    'contract_type',
    'division',
    'import',
    'lead_source',
    'loss_reason',
    'market_sector',
    'tender_type',
    'delivery_method',
    'project_stage',
    'custom_fields',
  ],
  company: [...base, 'description', 'name', 'phone', 'website', 'category', 'address', 'created_by', 'import', 'industries', 'custom_fields'],
  contact: [
    ...base,
    'email',
    'first_name',
    'last_name',
    'job_title',
    'mobile_phone',
    'office_phone',
    'linked_in_profile_url',
    'name',
    'company',
    'assigned_to',
    'created_by',
    'import',
    'custom_fields',
  ],
  task: [...base, 'title', 'notes', 'completed_at', 'deadline', 'assigned_to', 'created_by', 'contact', 'project', 'task_list'],
  task_list: [...base, 'name', 'project'],
  call: [...base, 'notes', 'recorded_at', 'call_outcome', 'company', 'contact', 'created_by', 'project'],
  workforce_employee: [
    ...base,
    'birthday',
    'last_name',
    'legal_first_name',
    'preferred_first_name',
    'notes',
    'phone',
    'email',
    'start_date',
    'industry_start_date',
    'address',
    'role',
    'manager',
  ],
  membership: [...base, 'user', 'project', 'roles'],
  membership_role: [...base, 'role', 'name'],
  webhook_message: ['id', 'event_type', 'event_id', 'payload', 'timestamp'],
} as const;

/** Every listed field present (extra fields allowed), ids strings, timestamps in the spec's format. */
export function expectShape(record: Record<string, unknown>, shape: keyof typeof SHAPES) {
  expect(record, `a ${shape} record`).toBeTypeOf('object');
  for (const key of SHAPES[shape]) expect(record, `${shape}.${key}`).toHaveProperty(key);
  if ('id' in record) expect(record.id).toBeTypeOf('string');
  for (const key of ['created_at', 'updated_at']) {
    if (key in record) expect(record[key]).toMatch(TIMESTAMP);
  }
}

/** A nested reference: null, or an object of its shape. */
export function expectRef(value: unknown, shape: keyof typeof SHAPES) {
  if (value === null) return;
  expectShape(value as Record<string, unknown>, shape);
}
