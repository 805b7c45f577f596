import type { Db } from '@/db';
import type { CustomFieldFilter } from '@/lib/shared/validation/custom-fields';
import { customFieldConditions } from './custom-field-values';
import { findLead, leadAnswer, leadReferences, listLeads as queryLeads, type LeadRecord, type LeadRow } from '@/db/queries/leads';
import { leadJson } from '@/lib/server/serializers/leads';
import { leads } from '@/db/schema';
import { addressColumnsFrom } from '@/lib/server/serializers/common';
import type { LeadCreate, LeadListQuery, LeadResponse, LeadUpdate } from '@/lib/shared/validation/leads';
import { updateRowReturning } from '@/db/queries/tenant';
import { toColumns } from './common';
import { createRecord, deleteRecord, getRecord, updateRecord, type RecordKind } from './records';
import { invalidField } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import type { CallerContext } from '@/lib/server/services/context';

export const leadKind: RecordKind<LeadRow<LeadResponse>, LeadResponse> = {
  customFields: 'leads',
  resource: 'lead',
  table: leads,
  references: leadReferences,
  read: (db, accountId, id, lock) => findLead(db, leadJson, accountId, id, lock),
  get: (db, accountId, id) => leadAnswer(db, leadJson, accountId, id),
  columns: (row) => row.lead,
  serialize: (row) => row.answer,
  write: (db, accountId, id, values) => updateRowReturning(db, leads, accountId, id, values, leadJson),
};
export async function listLeads(db: Db, ctx: CallerContext, query: LeadListQuery, filters: CustomFieldFilter[] = []): Promise<Page<LeadResponse>> {
  const custom = await customFieldConditions(db, ctx, 'leads', filters, leads.customFields);
  const result = await queryLeads(db, leadJson, ctx.accountId, { ...query, now: new Date(), custom }, pageWindow(query));
  return toPage(query, result, (lead) => lead);
}

export function getLead(db: Db, ctx: CallerContext, id: number): Promise<LeadResponse> {
  return getRecord(db, ctx, leadKind, id);
}

/**
 * Archiving sets `archived_at` and `archived_by` together (archived_by defaults to the caller);
 * unarchiving (`archived_at: null`) clears both.
 */
function archiveColumns(ctx: CallerContext, input: LeadUpdate, current: Pick<LeadRecord, 'archivedAt' | 'archivedById'> | null) {
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

export function leadColumnsFrom(input: LeadUpdate) {
  return {
    ...toColumns(input, ['address', 'archived_at', 'archived_by_id']),
    ...(input.address !== undefined ? addressColumnsFrom(input.address) : {}),
  };
}

export function createLead(db: Db, ctx: CallerContext, input: LeadCreate): Promise<LeadResponse> {
  return createRecord(db, ctx, leadKind, input, () => ({
    ...leadColumnsFrom(input),
    ...archiveColumns(ctx, input, null),
    createdById: ctx.userId,
  }));
}

export function updateLead(db: Db, ctx: CallerContext, id: number, input: LeadUpdate): Promise<LeadResponse> {
  return updateRecord(db, ctx, leadKind, id, input, {
    columns: ({ lead }) => ({ ...leadColumnsFrom(input), ...archiveColumns(ctx, input, lead) }),
  });
}

/** The project a lead became keeps only an internal link to it: nothing visible changes elsewhere. */
export function deleteLead(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, leadKind, id);
}
