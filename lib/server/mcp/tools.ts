import 'server-only';
import { z } from 'zod';
import { calendarQuery } from '@/lib/shared/validation/calendar';
import { callCreate } from '@/lib/shared/validation/calls';
import { commentCreate } from '@/lib/shared/validation/comments';
import { forecastQuery } from '@/lib/shared/validation/forecast';
import { winRatesQuery } from '@/lib/shared/validation/insights';
import { leadCreate, leadUpdate } from '@/lib/shared/validation/leads';
import { projectListQuery, projectUpdate } from '@/lib/shared/validation/projects';
import { pipelineReportQuery } from '@/lib/shared/validation/reports';
import { taskCreate } from '@/lib/shared/validation/tasks';
import { timelineQuery } from '@/lib/shared/validation/timeline';
import { demandQuery, utilizationQuery } from '@/lib/shared/validation/workforce-planning';
import { ApiRefusal, expectOk, type ApiCaller, type Query } from './api';

// The assistant's tools (docs/mcp.md). Each is a few calls of the HTTP API (./api.ts): its inputs
// are the API's own schemas (a list's filters, a write's body), so the assistant is told what the
// API accepts and refused with what the API says; its answer is the API's, as structured content,
// with a short text beside it. Numbers come from the API, never from the model.

export interface ToolAnswer {
  text: string;
  structured: Record<string, unknown>;
}

export interface ToolSpec {
  name: string;
  title: string;
  description: string;
  /** Reads change nothing; writes need the `write` scope (a `read` token is not offered them). */
  kind: 'read' | 'write';
  input: z.ZodObject;
  output: z.ZodObject;
  run: (api: ApiCaller, args: Record<string, unknown>) => Promise<ToolAnswer>;
}

const record = z.looseObject({ id: z.string() });
const records = z.array(record);

/** A list's filters as query parameters: the schema's output turned back into strings. */
function asQuery(args: Record<string, unknown>, leave: string[] = []): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(args)) {
    if (leave.includes(key) || value === undefined || value === null) continue;
    query[key] = Array.isArray(value) ? value.join(',') : value instanceof Date ? value.toISOString() : (value as string | number | boolean);
  }
  return query;
}

const money = (cents: unknown) =>
  typeof cents === 'number' ? (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }) : 'no amount';

const dollars = (amount: unknown) =>
  typeof amount === 'number' ? amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }) : 'no amount';

const nameOf = (r: Record<string, unknown>) => String(r.name ?? r.title ?? r.email ?? `#${String(r.id)}`);

/** The records a type's API serves, for search and get_record. */
const RECORD_TYPES = {
  lead: { path: '/leads', one: 'lead', many: 'leads' },
  project: { path: '/projects', one: 'project', many: 'projects' },
  company: { path: '/companies', one: 'company', many: 'companies' },
  contact: { path: '/contacts', one: 'contact', many: 'contacts' },
  employee: { path: '/workforce/employees', one: 'workforce_employee', many: 'workforce_employees' },
  task: { path: '/tasks', one: 'task', many: 'tasks' },
  call: { path: '/calls', one: 'call', many: 'calls' },
} as const;
type RecordType = keyof typeof RECORD_TYPES;
const SEARCHABLE = ['project', 'lead', 'company', 'contact', 'employee'] as const satisfies RecordType[];
const WITH_TIMELINE = ['lead', 'project', 'company', 'contact'] as const satisfies RecordType[];

const id = z.string().regex(/^[1-9][0-9]{0,15}$/, 'must be an id (a string of digits)');

function employeeTitle(r: Record<string, unknown>): string {
  return `${String(r.preferred_first_name || r.legal_first_name || '')} ${String(r.last_name ?? '')}`.trim();
}

/** A create tool: POST the body under `key` to `path`, answer the record as saved, with a sentence. */
function createWith(path: string, key: string, said: (created: Record<string, unknown>) => string): ToolSpec['run'] {
  return async (api, args) => {
    const created = expectOk(await api.post(path, { [key]: args[key] }))[key] as Record<string, unknown>;
    return { text: said(created), structured: { [key]: created } };
  };
}

/** update_lead and update_project: the record as seen (its updated_at) or a refusal, then the PATCH under its ETag. */
async function updateAsSeen(api: ApiCaller, type: 'lead' | 'project', args: Record<string, unknown>): Promise<ToolAnswer> {
  const { path, one } = RECORD_TYPES[type];
  const current = await api.get(`${path}/${String(args.id)}`);
  const seen = expectOk(current)[one] as Record<string, unknown>;
  if (seen.updated_at !== args.updated_at) {
    throw new ApiRefusal(
      412,
      `The ${type} has changed since you read it: it was updated at ${String(seen.updated_at)}, not ${String(args.updated_at)}. Read it again (get_record) and decide on its current values.`,
    );
  }
  // The ETag of what was compared: a change landing between the read and the write is refused too (412).
  const etag = current.etag;
  const answer = await api.patch(`${path}/${String(args.id)}`, { [one]: args[one] }, etag ? { 'If-Match': etag } : {});
  if (answer.status === 412)
    throw new ApiRefusal(412, `The ${type} changed while you were updating it. Read it again (get_record) and decide on its current values.`);
  const updated = expectOk(answer)[one] as Record<string, unknown>;
  return { text: `Updated ${type} “${nameOf(updated)}” (id ${String(updated.id)}).`, structured: { [one]: updated } };
}

export const TOOLS: ToolSpec[] = [
  {
    name: 'search',
    title: 'Search the pipeline',
    description:
      'Find leads, projects, companies, contacts and employees (people of the workforce) whose name contains the words, in one call. ' +
      'Answers a few hits of each type the caller may see, each with its type and id for get_record.',
    kind: 'read',
    input: z.object({
      query: z.string().trim().min(1).max(200).describe('Words of the name, case-insensitive.'),
      types: z.array(z.enum(SEARCHABLE)).optional().describe('Only these types; default all.'),
      limit: z.number().int().min(1).max(20).default(5).describe('Hits per type, 1 to 20; default 5.'),
    }),
    output: z.object({ results: z.array(z.object({ type: z.enum(SEARCHABLE), id: z.string(), name: z.string() })) }),
    run: async (api, args) => {
      const types = (args.types as (typeof SEARCHABLE)[number][] | undefined) ?? [...SEARCHABLE];
      const answers = await Promise.all(types.map((type) => api.get(RECORD_TYPES[type].path, { q: String(args.query), per_page: Number(args.limit) })));
      const results = types.flatMap((type, i) => {
        const answer = answers[i]!;
        // An area the caller may not read (403) is left out, as the dashboard's search leaves it out.
        if (answer.status === 403) return [];
        const rows = (expectOk(answer)[RECORD_TYPES[type].many] ?? []) as Record<string, unknown>[];
        return rows.map((r) => ({ type, id: String(r.id), name: type === 'employee' ? employeeTitle(r) : nameOf(r) }));
      });
      const text = results.length ? results.map((r) => `${r.type} ${r.id}: ${r.name}`).join('\n') : `Nothing matches “${String(args.query)}”.`;
      return { text, structured: { results } };
    },
  },
  {
    name: 'get_record',
    title: 'Read a record',
    description: 'One lead, project, company, contact, employee, task or call by its id, as the API answers it (with its related records named).',
    kind: 'read',
    input: z.object({ type: z.enum(Object.keys(RECORD_TYPES) as [RecordType, ...RecordType[]]), id }),
    output: z.object({ type: z.string(), record }),
    run: async (api, args) => {
      const type = args.type as RecordType;
      const { path, one } = RECORD_TYPES[type];
      const found = expectOk(await api.get(`${path}/${String(args.id)}`))[one] as Record<string, unknown>;
      return {
        text: `${type} ${String(found.id)}: ${type === 'employee' ? employeeTitle(found) : nameOf(found)}\n${JSON.stringify(found)}`,
        structured: { type, record: found },
      };
    },
  },
  {
    name: 'list_projects',
    title: 'List projects',
    description:
      'Projects with the filters of the projects list: stage, status (open, won, lost), company, market sector, assignee, bid due dates, words of the name; paged (per_page up to 100).',
    kind: 'read',
    input: projectListQuery,
    output: z.object({ projects: records, total_count: z.number().int().nullable() }),
    run: async (api, args) => {
      const answer = await api.get('/projects', asQuery(args));
      const projects = (expectOk(answer).projects ?? []) as Record<string, unknown>[];
      // A project's `amount` is in dollars (the 2023-01 field); leads and reports count in cents.
      const lines = projects.map((p) => `${String(p.id)}: ${nameOf(p)} — ${dollars(p.amount)}, bid due ${String(p.bid_due_date ?? 'not set')}`);
      return {
        text: `${answer.totalCount ?? projects.length} project(s)${projects.length ? `:\n${lines.join('\n')}` : '.'}`,
        structured: { projects, total_count: answer.totalCount },
      };
    },
  },
  {
    name: 'pipeline_summary',
    title: 'Pipeline by stage',
    description: 'Counts and amounts of projects by stage, the open pipeline, and what was won and lost in the last `days` days.',
    kind: 'read',
    input: pipelineReportQuery,
    output: z.object({ pipeline: z.looseObject({ stages: z.array(z.looseObject({})) }) }),
    run: async (api, args) => {
      const body = expectOk(await api.get('/reports/pipeline', asQuery(args)));
      const stages = ((body.pipeline as { stages?: unknown[] } | undefined)?.stages ?? []) as {
        count: number;
        amount: number;
        project_stage: { name: string };
      }[];
      // This report's amounts are the projects' `amount`, in dollars (the 2023-01 field).
      const text = stages
        .map((s) => `${s.project_stage.name}: ${s.count} project(s), ${s.amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' })}`)
        .join('\n');
      return { text, structured: body };
    },
  },
  {
    name: 'forecast',
    title: 'Revenue forecast',
    description: "The company forecast by month: booked (won) and weighted open revenue, the month's target and the gap, in cents.",
    kind: 'read',
    input: forecastQuery,
    output: z.object({ forecast: z.looseObject({ months: z.array(z.looseObject({})) }) }),
    run: async (api, args) => {
      const body = expectOk(await api.get('/forecast', asQuery(args)));
      const months = ((body.forecast as { months?: unknown[] } | undefined)?.months ?? []) as Record<string, unknown>[];
      const text = months
        .map(
          (m) =>
            `${String(m.month)}: contracted ${money(m.contracted_in_cents)}, weighted pipeline ${money(m.weighted_pipeline_in_cents)}, ` +
            `total ${money(m.total_weighted_in_cents)}, target ${money(m.target_in_cents)}, gap ${money(m.gap_in_cents)}`,
        )
        .join('\n');
      return { text: text || 'No months in the forecast.', structured: body };
    },
  },
  {
    name: 'win_rates',
    title: 'Win rates',
    description: 'Won and lost projects and the win rate by market sector, delivery method, tender type, division, company, assignee or quarter.',
    kind: 'read',
    input: winRatesQuery,
    output: z.object({ win_rates: z.array(z.looseObject({})) }),
    run: async (api, args) => {
      const body = expectOk(await api.get('/insights/win_rates', asQuery(args)));
      const rows = (body.win_rates ?? []) as Record<string, unknown>[];
      const text = rows
        .map((r) => {
          const group = (r.group ?? {}) as { name?: string };
          const rate = typeof r.win_rate === 'number' ? `${(r.win_rate * 100).toFixed(1)}%` : 'n/a';
          return `${group.name ?? 'None'}: ${String(r.won_count)} won, ${String(r.lost_count)} lost, win rate ${rate}`;
        })
        .join('\n');
      return { text: text || 'No closed projects in the window.', structured: { win_rates: rows } };
    },
  },
  {
    name: 'upcoming_bids',
    title: 'Bids due',
    description: 'The bid calendar: bids due (and project starts and task deadlines unless type is given) between two days; by default this month.',
    kind: 'read',
    input: calendarQuery,
    output: z.object({ calendar_events: z.array(z.looseObject({})) }),
    run: async (api, args) => {
      const body = expectOk(await api.get('/calendar_events', asQuery(args)));
      const events = (body.calendar_events ?? []) as Record<string, unknown>[];
      const text = events.map((e) => `${String(e.date)} ${String(e.type)}: ${String(e.title)}`).join('\n');
      return { text: text || 'Nothing due in that window.', structured: { calendar_events: events } };
    },
  },
  {
    name: 'utilization',
    title: 'Workforce utilization',
    description: 'Each employee’s assigned days against their available days, by week or month.',
    kind: 'read',
    input: utilizationQuery,
    output: z.object({ workforce_utilization: z.looseObject({ employees: z.array(z.looseObject({})) }), total_count: z.number().int().nullable() }),
    run: async (api, args) => {
      const answer = await api.get('/workforce/utilization', asQuery(args));
      const body = expectOk(answer);
      type Row = { employee: Record<string, unknown>; periods: { start: string; utilization_percent: number | null }[] };
      const rows = ((body.workforce_utilization as { employees?: Row[] } | undefined)?.employees ?? []) as Row[];
      const text = rows
        .map(
          (r) =>
            `${employeeTitle(r.employee)}: ${r.periods.map((p) => `${p.start} ${p.utilization_percent === null ? 'n/a' : `${p.utilization_percent}%`}`).join(', ')}`,
        )
        .join('\n');
      return { text: text || 'No employees in the plan.', structured: { ...body, total_count: answer.totalCount } };
    },
  },
  {
    name: 'staffing_demand',
    title: 'Staffing demand',
    description: 'Demand for each workforce role against the people who can fill it, by week or month: who is short-staffed and when.',
    kind: 'read',
    input: demandQuery,
    output: z.object({ workforce_demand: z.looseObject({ periods: z.array(z.looseObject({})) }) }),
    run: async (api, args) => {
      const body = expectOk(await api.get('/workforce/demand', asQuery(args)));
      type Period = { start: string; roles: { role: { name: string }; shortfall_fte: number }[] };
      const periods = ((body.workforce_demand as { periods?: Period[] } | undefined)?.periods ?? []) as Period[];
      const short = periods.flatMap((p) => p.roles.filter((r) => r.shortfall_fte > 0).map((r) => `${p.start} ${r.role.name}: short ${r.shortfall_fte} FTE`));
      return { text: short.length ? short.join('\n') : 'No role is short-staffed in the window.', structured: body };
    },
  },
  {
    name: 'timeline',
    title: 'A record’s timeline',
    description: 'What happened on a lead, project, company or contact, newest first: comments, changes, calls, tasks, documents and emails.',
    kind: 'read',
    input: timelineQuery.extend({ type: z.enum(WITH_TIMELINE), id }),
    output: z.object({ timeline: z.array(z.looseObject({})) }),
    run: async (api, args) => {
      const { path } = RECORD_TYPES[args.type as (typeof WITH_TIMELINE)[number]];
      const body = expectOk(await api.get(`${path}/${String(args.id)}/timeline`, asQuery(args, ['type', 'id'])));
      const entries = (body.timeline ?? []) as Record<string, unknown>[];
      const text = entries.map((e) => `${String(e.occurred_at)} ${String(e.kind)}: ${String(e.summary ?? '')}`).join('\n');
      return { text: text || 'Nothing on this timeline yet.', structured: { timeline: entries } };
    },
  },
  {
    name: 'create_lead',
    title: 'Create a lead',
    description: 'A new lead; `name` is required. Answers the lead as saved.',
    kind: 'write',
    input: z.object({ lead: leadCreate }),
    output: z.object({ lead: record }),
    run: createWith('/leads', 'lead', (lead) => `Created lead “${nameOf(lead)}” (id ${String(lead.id)}).`),
  },
  {
    name: 'update_lead',
    title: 'Update a lead',
    description: 'Changes fields of a lead. Give its `updated_at` as you read it: the change is refused if the lead changed since.',
    kind: 'write',
    input: z.object({ id, updated_at: z.string().describe('The lead’s updated_at as you read it.'), lead: leadUpdate }),
    output: z.object({ lead: record }),
    run: (api, args) => updateAsSeen(api, 'lead', args),
  },
  {
    name: 'update_project',
    title: 'Update a project',
    description:
      'Changes fields of a project (its stage, amount, dates…). Give its `updated_at` as you read it: the change is refused if the project changed since.',
    kind: 'write',
    input: z.object({ id, updated_at: z.string().describe('The project’s updated_at as you read it.'), project: projectUpdate }),
    output: z.object({ project: record }),
    run: (api, args) => updateAsSeen(api, 'project', args),
  },
  {
    name: 'create_task',
    title: 'Create a task',
    description: 'A new task, on a project or not; `title` is required.',
    kind: 'write',
    input: z.object({ task: taskCreate }),
    output: z.object({ task: record }),
    run: createWith('/tasks', 'task', (task) => `Created task “${nameOf(task)}” (id ${String(task.id)}).`),
  },
  {
    name: 'complete_task',
    title: 'Complete a task',
    description: 'Marks a task done now.',
    kind: 'write',
    input: z.object({ id }),
    output: z.object({ task: record }),
    run: async (api, args) => {
      const task = expectOk(await api.patch(`/tasks/${String(args.id)}`, { task: { completed_at: new Date().toISOString() } })).task as Record<string, unknown>;
      return { text: `Completed task “${nameOf(task)}” (id ${String(task.id)}).`, structured: { task } };
    },
  },
  {
    name: 'log_call',
    title: 'Log a call',
    description: 'Records a call with a contact, company or project: its notes, outcome and when it took place (default now).',
    kind: 'write',
    input: z.object({ call: callCreate }),
    output: z.object({ call: record }),
    run: createWith('/calls', 'call', (call) => `Logged call ${String(call.id)}.`),
  },
  {
    name: 'add_comment',
    title: 'Comment on a record',
    description: 'A comment on a lead, project, company, contact or task; mention a user as @[Name](user:ID).',
    kind: 'write',
    input: z.object({ comment: commentCreate }),
    output: z.object({ comment: record }),
    run: createWith('/comments', 'comment', (comment) => `Added comment ${String(comment.id)}.`),
  },
];
