import type { TimelineKind, TimelineSubject } from '@/db/schema/enums';

// The one sentence a timeline entry reads as (docs/collaboration.md#timeline): "Dana Ortiz moved
// the project from Estimating to Bid Submitted", "Sam Lee changed the amount from $1,200,000 to
// $1,350,000", "Dana Ortiz logged a call with Pat Reyes (Left voicemail)".

export interface TimelineSummaryInput {
  kind: TimelineKind;
  subject: TimelineSubject;
  /** The actor's name; null for the system. */
  actor: string | null;
  /** A change's `{field: [before, after]}` (values as people read them), when recorded. */
  changes?: Record<string, [unknown, unknown]> | null;
  /** A change's field names, when its values were not recorded. */
  changedFields?: string[] | null;
  /** How the change was made (`import` for an import). */
  authMethod?: string | null;
  call?: { contact: string | null; outcome: string | null } | null;
  task?: { title: string; deadline: string | null; done: boolean } | null;
  document?: { name: string } | null;
  email?: { from: string | null; subject: string | null } | null;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** Fields a stage move also changes, which its sentence need not repeat. */
const WITH_STAGE = new Set(['stage_entered_at', 'closed_at', 'project_status', 'updated_at']);

const LABELS: Record<string, string> = {
  project_stage: 'stage',
  assigned_to: 'assignee',
  custom_fields: 'custom fields',
  bid_due_at: 'bid due time',
  probability: 'probability',
};

/** A field for people: `bid_due_date` → "bid due date", `amount_in_cents` → "amount". */
export function fieldLabel(field: string): string {
  return (
    LABELS[field] ??
    field
      .replace(/_in_cents$/, '')
      .replace(/_id$/, '')
      .replace(/_/g, ' ')
  );
}

/** "a", "a and b", "a, b and c". */
export function andList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The API's amounts in dollars (others are in cents, named `_in_cents`). */
const DOLLAR_FIELDS = new Set(['amount', 'estimated_cost']);

/** A value short enough to quote, for people; null when it is not (a long text, a list, an object). */
function shown(field: string, value: unknown): string | null {
  if (typeof value === 'number' && field.endsWith('_in_cents')) return dollars.format(value / 100);
  if (typeof value === 'number' && DOLLAR_FIELDS.has(field)) return dollars.format(value);
  // A probability is a fraction (0.4 is 40%).
  if (typeof value === 'number') return field === 'probability' ? `${Math.round(value * 1000) / 10}%` : String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' && value.length <= 60) return value;
  return null;
}

function changeSentence(subject: TimelineSubject, changes: Record<string, [unknown, unknown]>): string {
  const fields = Object.keys(changes).sort();
  if ('project_stage' in changes) {
    const [from, to] = changes.project_stage;
    const rest = fields.filter((f) => f !== 'project_stage' && !WITH_STAGE.has(f));
    const move = from ? `moved the ${subject} from ${String(from)} to ${String(to)}` : `moved the ${subject} to ${String(to)}`;
    return rest.length ? `${move} and changed the ${andList(rest.map(fieldLabel))}` : move;
  }
  if (fields.length === 1) {
    const field = fields[0];
    const [before, after] = changes[field];
    if (field === 'assigned_to') return after ? `assigned the ${subject} to ${String(after)}` : `unassigned the ${subject}`;
    const label = fieldLabel(field);
    const from = shown(field, before);
    const to = shown(field, after);
    if (after === null || after === '') return `cleared the ${label}`;
    if (to === null) return `changed the ${label}`;
    if (before === null || before === '') return `set the ${label} to ${to}`;
    return from === null ? `changed the ${label} to ${to}` : `changed the ${label} from ${from} to ${to}`;
  }
  return `changed the ${andList(fields.filter((f) => !WITH_STAGE.has(f)).map(fieldLabel))}`;
}

/** The entry's sentence. */
export function timelineSummary(e: TimelineSummaryInput): string {
  const who = e.actor ?? 'Groundwork';
  switch (e.kind) {
    case 'created':
      return e.authMethod === 'import' ? `${who} imported the ${e.subject}` : `${who} created the ${e.subject}`;
    case 'comment':
      return `${who} commented`;
    case 'call': {
      const withWhom = e.call?.contact ? ` with ${e.call.contact}` : '';
      const outcome = e.call?.outcome ? ` (${e.call.outcome})` : '';
      return `${who} logged a call${withWhom}${outcome}`;
    }
    case 'task': {
      if (!e.task) return `${who} added a task`;
      const due = e.task.deadline ? `, due ${e.task.deadline}` : '';
      return `${who} added the task “${e.task.title}”${due}${e.task.done ? ' (done)' : ''}`;
    }
    case 'document':
      return e.document ? `${who} uploaded “${e.document.name}”` : `${who} uploaded a document`;
    case 'email': {
      if (!e.email) return 'An email';
      const subject = e.email.subject ? ` “${e.email.subject}”` : ' (no subject)';
      return e.email.from ? `Email from ${e.email.from}:${subject}` : `Email${subject}`;
    }
    case 'change': {
      if (e.changes && Object.keys(e.changes).length > 0) return `${who} ${changeSentence(e.subject, e.changes)}`;
      const fields = (e.changedFields ?? []).filter((f) => !WITH_STAGE.has(f));
      return fields.length ? `${who} changed the ${andList(fields.map(fieldLabel))}` : `${who} changed the ${e.subject}`;
    }
  }
}
