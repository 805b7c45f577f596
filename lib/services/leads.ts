import type { Db } from '@/db';
import {
  deleteLeadRow,
  findLead,
  insertLead,
  listLeads as queryLeads,
  lockLead,
  updateLeadColumns,
  type LeadRecord,
} from '@/db/queries/leads';
import {
  companies,
  contacts,
  contractTypes,
  deliveryMethods,
  divisions,
  leadSources,
  marketSectors,
  tenderTypes,
  users,
} from '@/db/schema';
import { invalidField, notFound } from '@/lib/api/errors';
import { assertIfMatch } from '@/lib/api/preconditions';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { addressColumnsFrom } from '@/lib/serializers/common';
import { serializeLead } from '@/lib/serializers/leads';
import type { LeadCreate, LeadListQuery, LeadResponse, LeadUpdate } from '@/lib/validation/leads';
import { assertReferences, changedColumns, deleteRecord, recordEvent, toColumns } from './common';

const references = {
  archived_by_id: users,
  assigned_to_id: users,
  company_id: companies,
  contact_id: contacts,
  contract_type_id: contractTypes,
  delivery_method_id: deliveryMethods,
  division_id: divisions,
  lead_source_id: leadSources,
  market_sector_id: marketSectors,
  tender_type_id: tenderTypes,
};

export async function listLeads(db: Db, ctx: ApiContext, query: LeadListQuery): Promise<Page<LeadResponse>> {
  const result = await queryLeads(
    db,
    ctx.accountId,
    {
      assignedToId: query.assigned_to_id,
      companyId: query.company_id,
      archived: query.archived,
      snoozed: query.snoozed,
      priority: query.priority,
      q: query.q,
      updatedSince: query.updated_since,
      now: new Date(),
      sort: query.sort,
    },
    pageWindow(query),
  );
  return toPage(query, result, serializeLead);
}

export async function getLead(db: Db, ctx: ApiContext, id: number): Promise<LeadResponse> {
  const row = await findLead(db, ctx.accountId, id);
  if (!row) throw notFound('Lead');
  return serializeLead(row);
}

/**
 * Archiving sets `archived_at` and `archived_by` together (archived_by defaults to the caller);
 * unarchiving (`archived_at: null`) clears both.
 */
function archiveColumns(ctx: ApiContext, input: LeadUpdate, current: Pick<LeadRecord, 'archivedAt' | 'archivedById'> | null) {
  const archivedAt = input.archived_at !== undefined ? input.archived_at : (current?.archivedAt ?? null);
  if (archivedAt === null) {
    if (input.archived_by_id != null) {
      throw invalidField('archived_by_id', 'can only be set on an archived lead (set archived_at too)');
    }
    return { archivedAt: null, archivedById: null };
  }
  let archivedById: number | null;
  if (input.archived_by_id != null) archivedById = input.archived_by_id;
  else if (input.archived_by_id === null || !current?.archivedAt) archivedById = ctx.userId;
  else archivedById = current.archivedById;
  return { archivedAt, archivedById };
}

function columnsFrom(input: LeadUpdate) {
  return {
    ...toColumns(input, ['address', 'archived_at', 'archived_by_id']),
    ...(input.address !== undefined ? addressColumnsFrom(input.address) : {}),
  };
}

export async function createLead(db: Db, ctx: ApiContext, input: LeadCreate): Promise<LeadResponse> {
  return db.transaction(async (tx) => {
    await assertReferences(tx, ctx, input, references);
    const id = await insertLead(tx, {
      ...(columnsFrom(input) as { name: string }),
      ...archiveColumns(ctx, input, null),
      accountId: ctx.accountId,
      createdById: ctx.userId,
    });
    await recordEvent(tx, ctx, { resource: 'lead', action: 'create', id, path: `leads/${id}` });
    return getLead(tx, ctx, id);
  });
}

export async function updateLead(db: Db, ctx: ApiContext, id: number, input: LeadUpdate): Promise<LeadResponse> {
  return db.transaction(async (tx) => {
    const current = await lockLead(tx, ctx.accountId, id);
    if (!current) throw notFound('Lead');
    await assertIfMatch(ctx.ifMatch, 'lead', () => getLead(tx, ctx, id));
    await assertReferences(tx, ctx, input, references);
    const next = { ...columnsFrom(input), ...archiveColumns(ctx, input, current) };
    const changes = changedColumns(current, next);
    if (Object.keys(changes).length > 0) {
      await updateLeadColumns(tx, ctx.accountId, id, changes);
      await recordEvent(tx, ctx, { resource: 'lead', action: 'update', id, path: `leads/${id}`, changed: changes });
    }
    return getLead(tx, ctx, id);
  });
}

/**
 * No other record shows a lead: the project it was converted to keeps no visible link (its
 * `lead_id` is internal, cleared by the foreign key), so only `lead.delete` is recorded.
 */
export async function deleteLead(db: Db, ctx: ApiContext, id: number): Promise<void> {
  await deleteRecord(db, ctx, {
    resource: 'lead',
    label: 'Lead',
    id,
    lock: (tx) => lockLead(tx, ctx.accountId, id),
    load: (tx) => getLead(tx, ctx, id),
    remove: (tx) => deleteLeadRow(tx, ctx.accountId, id),
  });
}
