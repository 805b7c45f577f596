import type { Db } from '@/db';
import { findCall, listCalls as queryCalls, type CallRow } from '@/db/queries/calls';
import { callOutcomes, calls, companies, contacts, projects } from '@/db/schema';
import { serializeCall } from '@/lib/server/serializers/calls';
import type { CallCreate, CallResponse, CallUpdate } from '@/lib/shared/validation/calls';
import { toColumns } from './common';
import { createRecord, deleteRecord, recordReads, updateRecord, type RecordKind } from './records';
import { type CallerContext } from '@/lib/server/services/context';

export const callKind: RecordKind<CallRow, CallResponse> = {
  resource: 'call',
  table: calls,
  references: { call_outcome_id: callOutcomes, company_id: companies, contact_id: contacts, project_id: projects },
  read: findCall,
  columns: (row) => row.call,
  serialize: serializeCall,
};

export const { list: listCalls, get: getCall } = recordReads(callKind, queryCalls, { team: true });

export function createCall(db: Db, ctx: CallerContext, input: CallCreate): Promise<CallResponse> {
  return createRecord(db, ctx, callKind, input, () => ({
    ...toColumns(input),
    // Logging a call as it ends is the common case, so the time is optional.
    recordedAt: input.recorded_at ?? new Date(),
    createdById: ctx.userId,
  }));
}

export function updateCall(db: Db, ctx: CallerContext, id: number, input: CallUpdate): Promise<CallResponse> {
  return updateRecord(db, ctx, callKind, id, input, { columns: () => toColumns(input) });
}

export function deleteCall(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, callKind, id);
}
