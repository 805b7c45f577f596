// The API's resources, each described once: the key of its single-record answers (also its event
// resource and the key of its ETags), the key of its lists, what people call it (and its 404
// says), where it lives below /api/2023-01, the OpenAPI tag it is filed under, and whether its
// changes are events. The event-resource type, the paths of events and `Link` headers, the write
// skeleton's labels, the event lists, the client's hooks and the OpenAPI operations all read it;
// tests/api/resources.test.ts holds it equal to the route folders. The lookups
// (lib/shared/validation/lookups.ts) keep their own table beside it.

export interface ResourceDescriptor {
  /** Key of a list answer: `{"leads": [...]}`. */
  plural: string;
  /** For people, and in its 404: "Lead not found." */
  label: string;
  /** Below /api/2023-01: the collection; its records at `<path>/{id}`. */
  path: string;
  /** The OpenAPI tag its operations are filed under. */
  tag: string;
  /** Its creates, updates and deletes are events (webhooks, the audit log). */
  events: boolean;
}

const record = <P extends string>(plural: P, label: string, path: string, tag: string) => ({ plural, label, path, tag, events: true as const });
const config = <P extends string>(plural: P, label: string, path: string, tag: string) => ({ plural, label, path, tag, events: false as const });

export const RESOURCES = {
  project: record('projects', 'Project', 'projects', 'Projects'),
  lead: record('leads', 'Lead', 'leads', 'Leads'),
  company: record('companies', 'Company', 'companies', 'Companies'),
  contact: record('contacts', 'Contact', 'contacts', 'Contacts'),
  task: record('tasks', 'Task', 'tasks', 'Tasks'),
  task_list: record('task_lists', 'Task list', 'task_lists', 'Task lists'),
  call: record('calls', 'Call', 'calls', 'Calls'),
  workforce_employee: record('workforce_employees', 'Workforce employee', 'workforce/employees', 'Workforce'),
  workforce_assignment: record('workforce_assignments', 'Workforce assignment', 'workforce/assignments', 'Workforce'),
  workforce_time_off: record('workforce_time_off', 'Time off', 'workforce/time_off', 'Workforce'),
  workforce_certification: record('workforce_certifications', 'Certification', 'workforce/certifications', 'Workforce'),
  project_team_membership: record('project_team_memberships', 'Project team membership', 'project_team_memberships', 'Project team memberships'),
  custom_field: record('custom_fields', 'Custom field', 'custom_fields', 'Custom fields'),
  saved_view: record('saved_views', 'Saved view', 'saved_views', 'Saved views'),
  go_no_go_criterion: record('go_no_go_criteria', 'Go / no-go criterion', 'go_no_go_criteria', 'Insights'),
  bid_result: record('bid_results', 'Bid result', 'bid_results', 'Bid results'),
  comment: record('comments', 'Comment', 'comments', 'Comments'),
  reminder: record('reminders', 'Reminder', 'reminders', 'Reminders'),
  document: record('documents', 'Document', 'documents', 'Documents'),
  document_folder: record('document_folders', 'Document folder', 'document_folders', 'Documents'),
  document_upload: config('document_uploads', 'Upload', 'document_uploads', 'Documents'),
  email: record('emails', 'Email', 'emails', 'Emails'),
  email_capture: config('email_captures', 'Email capture', 'email_capture', 'Emails'),
  user: config('users', 'User', 'users', 'Users'),
  api_token: config('api_tokens', 'API token', 'api_tokens', 'API tokens'),
  session: config('sessions', 'Session', 'sessions', 'Sessions'),
  oauth_application: config('oauth_applications', 'OAuth application', 'oauth_applications', 'OAuth applications'),
  oauth_grant: config('oauth_grants', 'Authorization', 'oauth_grants', 'OAuth grants'),
  webhook: config('webhooks', 'Webhook', 'webhooks', 'Webhooks'),
  webhook_message: config('webhook_messages', 'Webhook message', 'webhook_messages', 'Webhook messages'),
  import: config('imports', 'Import', 'imports', 'Imports'),
  forecast_snapshot: config('forecast_snapshots', 'Snapshot', 'forecast/snapshots', 'Forecast'),
  audit_log_entry: config('audit_log', 'Audit log entry', 'audit_log', 'Audit log'),
  security_event: config('security_events', 'Security event', 'security_events', 'Audit log'),
  calendar_event: config('calendar_events', 'Calendar event', 'calendar_events', 'Calendar'),
  revenue_target: config('revenue_targets', 'Revenue target', 'revenue_targets', 'Forecast'),
  notification: config('notifications', 'Notification', 'notifications', 'Notifications'),
  merge: config('merges', 'Merge', 'merges', 'Duplicates and merges'),
  account: config('accounts', 'Account', 'account', 'Account'),
} as const satisfies Record<string, ResourceDescriptor>;

export type ResourceKey = keyof typeof RESOURCES;

/** The resources whose changes are events, as a type. */
export type EventResourceKey = { [K in ResourceKey]: (typeof RESOURCES)[K]['events'] extends true ? K : never }[ResourceKey];

/** The resources whose changes are events (webhooks, the audit log), in the descriptor's order. */
export const EVENT_RESOURCES = (Object.keys(RESOURCES) as ResourceKey[]).filter((key): key is EventResourceKey => RESOURCES[key].events) as [
  EventResourceKey,
  ...EventResourceKey[],
];
export const EVENT_ACTIONS = ['create', 'update', 'delete'] as const;
/** Merging duplicates (docs/merge.md): an event of the record kept, naming the records merged into it. */
export const MERGE_EVENT_TYPES = ['company.merge', 'contact.merge'] as const;
export type EventType = `${EventResourceKey}.${(typeof EVENT_ACTIONS)[number]}` | (typeof MERGE_EVENT_TYPES)[number];
/** Webhook `event_type`s: `<resource>.<action>`, and the two merges. */
export const EVENT_TYPES = [...EVENT_RESOURCES.flatMap((r) => EVENT_ACTIONS.map((a): EventType => `${r}.${a}`)), ...MERGE_EVENT_TYPES] as unknown as [
  EventType,
  ...EventType[],
];

/**
 * Everything below /api/2023-01 that is not a resource's collection or record: reports, plans and
 * actions on a record. Each route folder is a resource's, a lookup's, or one of these.
 */
export const OPERATIONS = [
  'calendar.ics',
  'calendar_feed',
  'forecast',
  'forecast/slips',
  'insights/competitors',
  'insights/probability_gaps',
  'insights/win_rates',
  'openapi.json',
  'project_stages/order',
  'reports/pipeline',
  'team_memberships',
  'workforce/demand',
  'workforce/utilization',
  'users/me',
  'users/me/password',
  'leads/{id}/convert',
  'projects/{id}/forecast',
  'projects/{id}/go_no_go',
  'projects/{id}/bid_results',
  'oauth_applications/{id}/rotate_secret',
  'webhook_messages/{id}/resend',
  'webhooks/{id}/attempts',
  'imports/{id}/errors.csv',
  'notifications/unread_count',
  'notifications/stream',
  'notifications/read',
  'leads/{id}/timeline',
  'projects/{id}/timeline',
  'companies/{id}/timeline',
  'contacts/{id}/timeline',
  'users/me/notification_settings',
  'documents/{id}/versions',
  'documents/{id}/download',
  'documents/{id}/thumbnail',
  'email_capture/rotate',
  'duplicates',
  'companies/{id}/merge',
  'contacts/{id}/merge',
  'merges/{id}/undo',
] as const;
