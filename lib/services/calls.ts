import type { Db } from '@/db';
import { findCall, listCalls as queryCalls, type CallRow } from '@/db/queries/calls';
import { callOutcomes, calls, companies, contacts, projects } from '@/db/schema';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { serializeCall } from '@/lib/serializers/calls';
import type { CallCreate, CallListQuery, CallResponse, CallUpdate } from '@/lib/validation/calls';
import { toColumns } from './common';
import { createRecord, deleteRecord, getRecord, updateRecord, type RecordKind } from './records';

export const callKind: RecordKind<CallRow, CallResponse> = {
  resource: 'call',
  label: 'Call',
  table: calls,
  references: { call_outcome_id: callOutcomes, company_id: companies, contact_id: contacts, project_id: projects },
  read: findCall,
  columns: (row) => row.call,
  serialize: serializeCall,
};

export async function listCalls(db: Db, ctx: ApiContext, query: CallListQuery): Promise<Page<CallResponse>> {
  const result = await queryCalls(db, ctx.accountId, query, pageWindow(query));
  return toPage(query, result, serializeCall);
}

export function getCall(db: Db, ctx: ApiContext, id: number): Promise<CallResponse> {
  return getRecord(db, ctx, callKind, id);
}

export function createCall(db: Db, ctx: ApiContext, input: CallCreate): Promise<CallResponse> {
  return createRecord(db, ctx, callKind, input, () => ({
    ...toColumns(input),
    // Logging a call as it ends is the common case, so the time is optional.
    recordedAt: input.recorded_at ?? new Date(),
    createdById: ctx.userId,
  }));
}

export function updateCall(db: Db, ctx: ApiContext, id: number, input: CallUpdate): Promise<CallResponse> {
  return updateRecord(db, ctx, callKind, id, input, { columns: () => toColumns(input) });
}

export function deleteCall(db: Db, ctx: ApiContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, callKind, id);
}
