// Closed sets for the spec's string enumerations (the specification leaves them open; these are ours: docs/api.md, Decisions).
// The database enforces them with CHECK constraints and the API validates and documents them.
// Plain constants with no imports: the dashboard's client code uses them too.

export const STAGE_CATEGORIES = ['open', 'won', 'lost'] as const;
export const CONSTRUCTION_DURATION_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export const WORK_SCOPES = ['new_construction', 'renovation', 'addition', 'tenant_improvement', 'repair', 'demolition', 'other'] as const;
/**
 * won and lost are a bid's result; cancelled (the work will not happen) and did_not_pursue (we chose
 * not to bid) close a project without one: they count in no win rate and read as project_status lost.
 */
export const CLOSE_TYPES = ['won', 'lost', 'cancelled', 'did_not_pursue'] as const;
/** The close types that are a bid's result: the win rates' and the learned probability's basis. */
export const RESULT_CLOSE_TYPES = ['won', 'lost'] as const;
/** A project's go / no-go decision (docs/insights.md). */
export const GO_NO_GO_DECISIONS = ['go', 'no_go', 'undecided'] as const;
export type GoNoGoDecision = (typeof GO_NO_GO_DECISIONS)[number];
/** `capacity`: the answer is suggested from the workforce demand in the project's start month. */
export const GO_NO_GO_CRITERION_KINDS = ['manual', 'capacity'] as const;
export type GoNoGoCriterionKind = (typeof GO_NO_GO_CRITERION_KINDS)[number];
/** How a project's amount spreads over its months (lib/shared/domain/forecast.ts). */
export const FORECAST_CURVES = ['s_curve', 'linear', 'front_loaded', 'back_loaded', 'manual'] as const;
/**
 * The forecast's filters: each is `<relation>_id`, a project's column of that name (as it is now,
 * or as a snapshot kept it). The query's parameters, the statement's conditions and the page's
 * controls all come from this list.
 */
export const FORECAST_FILTER_RELATIONS = ['division', 'market_sector', 'assigned_to', 'project_stage', 'company'] as const;
export const FORECAST_FILTERS = FORECAST_FILTER_RELATIONS.map((r) => `${r}_id` as const);
export type ForecastFilter = (typeof FORECAST_FILTERS)[number];
export type ForecastCurve = (typeof FORECAST_CURVES)[number];
export const FORECAST_SNAPSHOT_SOURCES = ['scheduled', 'manual'] as const;
export const PROJECT_STATUSES = ['pursuit', 'upcoming', 'active', 'complete', 'lost'] as const;
// COMPANY_CATEGORIES and MEMBERSHIP_ROLES are append-only: a value's 1-based position is its
// public id in GET /company_categories and GET /project_team_roles.
export const COMPANY_CATEGORIES = ['client', 'architect', 'engineer', 'subcontractor', 'supplier', 'owner', 'consultant', 'other', 'competitor'] as const;
export const MEMBERSHIP_ROLES = {
  project_admin: 'Project Admin',
  project_executive: 'Project Executive',
  project_manager: 'Project Manager',
  assistant_project_manager: 'Assistant Project Manager',
  estimator: 'Estimator',
  superintendent: 'Superintendent',
  project_engineer: 'Project Engineer',
  foreman: 'Foreman',
  safety_manager: 'Safety Manager',
  accountant: 'Accountant',
} as const;
export const MEMBERSHIP_ROLE_KEYS = Object.keys(MEMBERSHIP_ROLES) as [MembershipRole, ...MembershipRole[]];
export type StageCategory = (typeof STAGE_CATEGORIES)[number];
export type ConstructionDurationUnit = (typeof CONSTRUCTION_DURATION_UNITS)[number];
export type WorkScope = (typeof WORK_SCOPES)[number];
export type CloseType = (typeof CLOSE_TYPES)[number];
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export type CompanyCategory = (typeof COMPANY_CATEGORIES)[number];
export type MembershipRole = keyof typeof MEMBERSHIP_ROLES;

/** How the acting user was signed in when a change was made (the audit log). */
/** How a change's actor acted: the dashboard, a token, an OAuth app, or an import they uploaded. */
export const AUTH_METHODS = ['session', 'api_token', 'oauth', 'import'] as const;
/** What an OAuth token is for (RFC 8707 `resource`): the HTTP API, or the MCP server. A personal API token serves both. */
export const TOKEN_AUDIENCES = ['api', 'mcp'] as const;
export type TokenAudience = (typeof TOKEN_AUDIENCES)[number];
/** In a webhook's `filter_types`: deliver no message an import caused (docs/imports.md#events). */
export const EXCLUDE_IMPORTS = '!import';

export const USER_ROLES = ['admin', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Which projects a user sees: every one, or those whose team includes them (with their tasks, calls, …). */
export const PROJECT_ACCESS = ['all', 'team'] as const;
export type ProjectAccess = (typeof PROJECT_ACCESS)[number];

/** The records that take custom fields (docs/custom-fields.md), and the kinds of field. */
export const CUSTOM_FIELD_RESOURCES = ['projects', 'leads', 'companies', 'contacts'] as const;
export type CustomFieldResource = (typeof CUSTOM_FIELD_RESOURCES)[number];
export const CUSTOM_FIELD_TYPES = ['text', 'long_text', 'number', 'currency', 'date', 'boolean', 'select', 'multi_select', 'user', 'url'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** The records a comment can be on (its `commentable_type`: the record's resource key). */
export const COMMENTABLE_TYPES = ['lead', 'project', 'company', 'contact', 'task'] as const;
export type CommentableType = (typeof COMMENTABLE_TYPES)[number];

/** What a document (or a folder of them) is attached to (docs/documents.md). */
export const ATTACHABLE_TYPES = ['project', 'lead', 'company', 'contact'] as const;
export type AttachableType = (typeof ATTACHABLE_TYPES)[number];

/** What an email is filed on (docs/email-capture.md). */
export const EMAIL_RECORD_TYPES = ['contact', 'company', 'project', 'lead'] as const;
export type EmailRecordType = (typeof EMAIL_RECORD_TYPES)[number];

/** A document's category. */
export const DOCUMENT_CATEGORIES = ['bid_invitation', 'drawings', 'specifications', 'addendum', 'bid_form', 'proposal', 'contract', 'photo', 'other'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** The records with a timeline, and the kinds of its entries (docs/collaboration.md#timeline). */
export const TIMELINE_SUBJECTS = ['lead', 'project', 'company', 'contact'] as const;
export type TimelineSubject = (typeof TIMELINE_SUBJECTS)[number];
export const TIMELINE_KINDS = ['comment', 'change', 'call', 'task', 'created', 'document', 'email'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** The lists a view can be saved of (docs/saved-views.md). */
export const SAVED_VIEW_RESOURCES = ['leads', 'projects', 'companies', 'contacts', 'tasks', 'workforce_employees'] as const;
export type SavedViewResource = (typeof SAVED_VIEW_RESOURCES)[number];

/** The areas a user's permissions are given over (docs/permissions.md). */
export const PERMISSION_AREAS = ['leads', 'projects', 'directory', 'workforce', 'forecast', 'insights'] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/** `admin`: read, write, delete; `collaborator`: read, create, update; `none`: nothing. */
export const PERMISSION_LEVELS = ['admin', 'collaborator', 'none'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Security events of the audit log (db/schema/security-events.ts): `<subject>.<what happened>`. */
export const SECURITY_EVENT_KINDS = [
  'user.created',
  'user.role_changed',
  'user.deactivated',
  'user.reactivated',
  'user.password_changed',
  'user.access_changed',
  'api_token.created',
  'api_token.revoked',
  'oauth_application.created',
  'oauth_application.updated',
  'oauth_application.secret_rotated',
  'oauth_application.deleted',
  'oauth_grant.revoked',
  'oauth_grant.authorized',
  'oauth_grant.refresh_token_reused',
  'calendar_feed.created',
  'calendar_feed.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'session.revoked',
  'sign_in.succeeded',
  'sign_in.failed',
  'sign_in.throttled',
  'email_capture.rotated',
  'email_capture.refused',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** What merges (docs/merge.md): duplicate companies, duplicate contacts. */
export const MERGE_RESOURCES = ['companies', 'contacts'] as const;
export type MergeResource = (typeof MERGE_RESOURCES)[number];
/** What a spreadsheet import can create (docs/imports.md). */
export const IMPORT_RESOURCES = ['leads', 'projects', 'companies', 'contacts', 'workforce_employees', 'bid_results'] as const;
export type ImportResource = (typeof IMPORT_RESOURCES)[number];
export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_ROW_OUTCOMES = ['created', 'updated', 'failed'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

/** Why a notification was made (docs/collaboration.md); issue 28 lists them all, `mention` comes first. */
export const NOTIFICATION_KINDS = ['mention', 'assignment', 'comment', 'reminder', 'task_due', 'bid_due'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A user's time zone until they choose one (Profile): what "tomorrow 8 AM" and the 07:00 digest mean for them. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** How a user hears of a kind of notification by email: at once, in the 07:00 digest, or not at all. */
export const NOTIFICATION_CHANNELS = ['instant', 'daily_digest', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** Mentions and assignments at once; the rest in the morning's digest. */
export const DEFAULT_NOTIFICATION_CHANNELS: Record<NotificationKind, NotificationChannel> = {
  mention: 'instant',
  assignment: 'instant',
  comment: 'daily_digest',
  reminder: 'daily_digest',
  task_due: 'daily_digest',
  bid_due: 'daily_digest',
};

/** A mail in the outbox: waiting (or to retry), sent, or given up after its last attempt. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
