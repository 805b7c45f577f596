import 'server-only';
import type { CustomFieldRow } from '@/db/queries/custom-fields';
import type { z } from 'zod';
import type { Db } from '@/db';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AccountTable } from '@/db/queries/tenant';
import {
  bidResults,
  companies,
  contacts,
  contractTypes,
  leads,
  deliveryMethods,
  divisions,
  leadSources,
  lossReasons,
  marketSectors,
  projects,
  projectStages,
  tenderTypes,
  users,
  workforceEmployees,
  workforceRoles,
} from '@/db/schema';
import type { CompanyCategory, ImportResource, StageCategory } from '@/db/schema/enums';
import { lockRow } from '@/db/queries/tenant';
import { recordAward, upsertBidResult, type Bidder } from '@/lib/server/services/bid-results';
import { bidResultImportRow } from '@/lib/shared/validation/bid-results';
import type { PathResource } from '@/lib/server/services/common';
import { RESOURCES } from '@/lib/shared/resources';
import { companyColumnsFrom, updateCompany } from '@/lib/server/services/companies';
import { CONTACT_IDENTITY_MESSAGE, contactColumnsFrom, updateContact } from '@/lib/server/services/contacts';
import type { CallerContext } from '@/lib/server/services/context';
import { companyCreate } from '@/lib/shared/validation/companies';
import { contactCreate } from '@/lib/shared/validation/contacts';
import { leadColumnsFrom, updateLead } from '@/lib/server/services/leads';
import { employeeColumnsFrom, updateWorkforceEmployee } from '@/lib/server/services/workforce-employees';
import { workforceEmployeeCreate } from '@/lib/shared/validation/workforce-employees';
import { createProject, updateProject } from '@/lib/server/services/projects';
import { leadCreate } from '@/lib/shared/validation/leads';
import { projectCreate } from '@/lib/shared/validation/projects';
import { IMPORT_FIELDS, type ImportField, type RelationKind } from '@/lib/shared/import-fields';

// What each importable resource does with a spreadsheet's rows (docs/imports.md): how a row finds
// the record it updates (its key), and how a row's body becomes columns — the same functions the
// API's create uses, so an imported record is what the API would make. Its fields and their labels
// are lib/shared/import-fields.ts, which the dashboard's mapping form and templates read too.

/** The resources whose rows a file can make: their key in an import is their plural (lib/shared/resources.ts). */
type ImportEvent = { [K in PathResource]: (typeof RESOURCES)[K]['plural'] extends ImportResource ? K : never }[PathResource];

/**
 * A resource's import, named once: by its event resource, whose plural is the import's `resource`
 * and names its fields (lib/shared/import-fields.ts).
 */
const importSpec = (event: ImportEvent, spec: Omit<ImportSpec, 'resource' | 'event' | 'fields'>): ImportSpec => {
  const resource = RESOURCES[event].plural;
  return { resource, event, fields: IMPORT_FIELDS[resource], ...spec };
};

/** Where each kind of relation is looked up, and how a miss is said. */
export const RELATIONS: Record<RelationKind, { table: AccountTable; column: AnyPgColumn; label: string }> = {
  company: { table: companies, column: companies.name, label: 'company named' },
  user: { table: users as unknown as AccountTable, column: users.email, label: 'user with the email' },
  contact: { table: contacts, column: contacts.email, label: 'contact with the email' },
  project_stage: { table: projectStages, column: projectStages.name, label: 'project stage named' },
  contract_type: { table: contractTypes, column: contractTypes.name, label: 'contract type named' },
  delivery_method: { table: deliveryMethods, column: deliveryMethods.name, label: 'delivery method named' },
  division: { table: divisions, column: divisions.name, label: 'division named' },
  lead_source: { table: leadSources, column: leadSources.name, label: 'lead source named' },
  loss_reason: { table: lossReasons, column: lossReasons.name, label: 'loss reason named' },
  market_sector: { table: marketSectors, column: marketSectors.name, label: 'market sector named' },
  tender_type: { table: tenderTypes, column: tenderTypes.name, label: 'tender type named' },
  workforce_role: { table: workforceRoles, column: workforceRoles.name, label: 'workforce role named' },
  employee: { table: workforceEmployees, column: workforceEmployees.email, label: 'employee with the email' },
  project: { table: projects, column: projects.name, label: 'project named' },
  project_number: { table: projects, column: projects.projectNumber, label: 'project numbered' },
};

export interface StageInfo {
  id: number;
  category: StageCategory;
}

export interface ImportSpec {
  resource: ImportResource;
  /** The event resource of its records. */
  event: PathResource;
  table: AccountTable;
  fields: ImportField[];
  /** The API's create body schema: a row's body must pass it. */
  create: z.ZodType;
  /** The row columns of a create body (the account, creator and import added by the importer). */
  columns(input: Record<string, unknown>): Record<string, unknown>;
  /** A rule beyond the schema, on the columns: the reason a row cannot be a record, or null. */
  problem?(columns: Record<string, unknown>): string | null;
  /** The record a row updates instead of creating: by this field (lower-cased), in this column (none: `createOne` decides). */
  key?: { field: string; column: AnyPgColumn };
  /**
   * A row without a key matches by name instead (trimmed, spaces collapsed, any case): the one
   * record of that name is updated; several of it fail the row (its key must choose).
   */
  byName?: { field: string; column: AnyPgColumn; label: string };
  /** The API's update of one record (events, rules), for a row whose key names an existing record. */
  update(db: Db, ctx: CallerContext, id: number, input: Record<string, unknown>): Promise<unknown>;
  /**
   * Rows made through the API's own create, one at a time (rules the batch insert would repeat:
   * stages, close types, the forecast's checks), instead of one insert per batch; its id.
   */
  createOne?(db: Db, ctx: CallerContext, input: Record<string, unknown>, importId: number): Promise<number | { id: number; updated: boolean }>;
  /**
   * Fields of a row that are not the record's own (the schema drops them), handed with the record's
   * id to `after` once it is created or updated, in the row's savepoint: what the row writes
   * beside the record (a historical project's award).
   */
  after?(db: Db, ctx: CallerContext, id: number, input: Record<string, unknown>): Promise<void>;
  /** The category of the companies an import with create_missing makes (bidders: competitors). */
  missingCompanyCategory?: CompanyCategory;
  /** The account's stages are read for `applyKind`. */
  needsStages?: boolean;
  /** The account's custom fields of the resource (docs/custom-fields.md), added to `fields` by the importer. */
  customFields?: CustomFieldRow[];
  /** The import's kind applied to a row's body: defaults it implies, or why the row does not fit. */
  applyKind?(input: Record<string, unknown>, kind: string | null, stages: StageInfo[]): { input: Record<string, unknown> } | { error: string };
}

const companySpec = importSpec('company', {
  table: companies,
  create: companyCreate,
  columns: (input) => companyColumnsFrom(input),
  key: { field: 'name', column: companies.name },
  update: updateCompany,
});

const contactSpec = importSpec('contact', {
  table: contacts,
  create: contactCreate,
  columns: (input) => contactColumnsFrom(input),
  problem: (c) => ([c.firstName, c.lastName, c.email].some((v) => typeof v === 'string' && v.trim() !== '') ? null : CONTACT_IDENTITY_MESSAGE),
  key: { field: 'email', column: contacts.email },
  update: updateContact,
});

/**
 * What each kind of projects import means: pursuits are open (the first open stage unless a stage
 * is named); work in progress and historical won are won (the first won stage by default), work in
 * progress with its amount, historical won with its dates; historical closed are won, lost,
 * cancelled or did_not_pursue as their close_type says (required; all but won in a lost stage), a
 * lost one with its loss reason if given, and closed when their closed_at says (today without it).
 */
function applyProjectKind(input: Record<string, unknown>, kind: string | null, stages: StageInfo[]): { input: Record<string, unknown> } | { error: string } {
  const named = typeof input.project_stage_id === 'string' ? stages.find((st) => st.id === Number(input.project_stage_id)) : undefined;
  const want: StageCategory =
    kind === 'wip' || kind === 'historical_won' ? 'won' : kind === 'historical_closed' ? (input.close_type === 'won' ? 'won' : 'lost') : 'open';
  if (kind === 'historical_closed' && input.close_type === undefined)
    return { error: 'close_type: is required in a historical_closed import (won, lost, cancelled or did_not_pursue)' };
  if (kind === 'wip' && input.amount === undefined) return { error: 'amount: is required in a wip import (the contract value)' };
  if (kind === 'historical_won' && (input.start_date === undefined || input.end_date === undefined))
    return { error: 'start_date, end_date: are required in a historical_won import' };
  if (named && named.category !== want) return { error: `project_stage_name: the stage is ${named.category}, and a ${kind} import takes ${want} stages` };
  if (named) return { input };
  const stage = stages.find((st) => st.category === want);
  if (!stage) return { error: `project_stage_name: the account has no ${want} stage` };
  return { input: { ...input, project_stage_id: String(stage.id) } };
}

const projectSpec = importSpec('project', {
  table: projects,
  create: projectCreate,
  columns: (input) => input,
  key: { field: 'external_id', column: projects.externalId },
  byName: { field: 'name', column: projects.name, label: 'projects' },
  update: updateProject,
  createOne: async (db, ctx, input, importId) => Number((await createProject(db, ctx, input as never, { importId })).id),
  after: async (db, ctx, id, input) => {
    const winner: Bidder | undefined =
      input.awarded_to_us === true ? { us: true } : typeof input.awarded_to_id === 'string' ? { companyId: Number(input.awarded_to_id) } : undefined;
    const winningAmountInCents = typeof input.winning_amount === 'number' ? Math.round(input.winning_amount * 100) : undefined;
    if (winner === undefined && winningAmountInCents === undefined) return;
    const project = await lockRow(db, projects, ctx.accountId, id);
    if (project) await recordAward(db, ctx, project, { winner, winningAmountInCents });
  },
  needsStages: true,
  applyKind: applyProjectKind,
});

const leadSpec = importSpec('lead', {
  table: leads,
  create: leadCreate,
  columns: (input) => leadColumnsFrom(input),
  key: { field: 'external_id', column: leads.externalId },
  byName: { field: 'name', column: leads.name, label: 'leads' },
  update: updateLead,
});

/**
 * Employees, a batch at a time: a new employee has no reports, so any manager keeps the tree
 * whole. A manager is named by email and must be in Groundwork already (or in an earlier batch):
 * import a file twice to link reports to managers it adds.
 */
const employeeSpec = importSpec('workforce_employee', {
  table: workforceEmployees,
  create: workforceEmployeeCreate,
  columns: (input) => employeeColumnsFrom(input),
  key: { field: 'email', column: workforceEmployees.email },
  update: updateWorkforceEmployee,
});

/**
 * Bid results (docs/imports.md#bid-results): a row per bidder of a project — the project by its
 * number or name, the bidder by company name (or Us), its price, rank and whether it won. A bidder
 * already on the project is updated, not doubled; a winner takes the win from the project's other.
 */
const bidResultSpec = importSpec('bid_result', {
  table: bidResults,
  create: bidResultImportRow,
  columns: (input) => input,
  update: async () => undefined,
  createOne: (db, ctx, input) => {
    const row = input as z.output<typeof bidResultImportRow>;
    const bidder: Bidder = row.is_us ? { us: true } : { companyId: row.company_id ?? 0 };
    const values = {
      ...(row.amount_in_cents !== undefined && { amount_in_cents: row.amount_in_cents }),
      ...(row.rank !== undefined && { rank: row.rank }),
      ...(row.is_winner !== undefined && { is_winner: row.is_winner }),
      ...(row.notes !== undefined && { notes: row.notes }),
    };
    return upsertBidResult(db, ctx, row.project_id, bidder, values);
  },
  missingCompanyCategory: 'competitor',
});

export const IMPORT_SPECS: Partial<Record<ImportResource, ImportSpec>> = {
  leads: leadSpec,
  projects: projectSpec,
  companies: companySpec,
  contacts: contactSpec,
  workforce_employees: employeeSpec,
  bid_results: bidResultSpec,
};
