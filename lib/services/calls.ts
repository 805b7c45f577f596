import type { Db } from '@/db';
import {
  deleteCallRow,
  findCall,
  insertCall,
  listCalls as queryCalls,
  lockCall,
  updateCallColumns,
} from '@/db/queries/calls';
import { callOutcomes, companies, contacts, projects } from '@/db/schema';
import { notFound } from '@/lib/api/errors';
import { assertIfMatch } from '@/lib/api/preconditions';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { serializeCall } from '@/lib/serializers/calls';
import type { CallCreate, CallListQuery, CallResponse, CallUpdate } from '@/lib/validation/calls';
import { assertDeleteIfMatch, assertReferences, changedColumns, recordEvent, toColumns } from './common';

const references = {
  call_outcome_id: callOutcomes,
  company_id: companies,
  contact_id: contacts,
  project_id: projects,
};

export async function listCalls(db: Db, ctx: ApiContext, query: CallListQuery): Promise<Page<CallResponse>> {
  const result = await queryCalls(
    db,
    ctx.accountId,
    {
      projectId: query.project_id,
      companyId: query.company_id,
      contactId: query.contact_id,
      updatedSince: query.updated_since,
      sort: query.sort,
    },
    pageWindow(query),
  );
  return toPage(query, result, serializeCall);
}

export async function getCall(db: Db, ctx: ApiContext, id: number): Promise<CallResponse> {
  const row = await findCall(db, ctx.accountId, id);
  if (!row) throw notFound('Call');
  return serializeCall(row);
}

export async function createCall(db: Db, ctx: ApiContext, input: CallCreate): Promise<CallResponse> {
  return db.transaction(async (tx) => {
    await assertReferences(tx, ctx, input, references);
    const id = await insertCall(tx, {
      ...toColumns(input),
      // Logging a call as it ends is the common case, so the time is optional.
      recordedAt: input.recorded_at ?? new Date(),
      accountId: ctx.accountId,
      createdById: ctx.userId,
    });
    await recordEvent(tx, ctx, { resource: 'call', action: 'create', id, path: `calls/${id}` });
    return getCall(tx, ctx, id);
  });
}

export async function updateCall(db: Db, ctx: ApiContext, id: number, input: CallUpdate): Promise<CallResponse> {
  return db.transaction(async (tx) => {
    const current = await lockCall(tx, ctx.accountId, id);
    if (!current) throw notFound('Call');
    await assertIfMatch(ctx.ifMatch, 'call', () => getCall(tx, ctx, id));
    await assertReferences(tx, ctx, input, references);
    const changes = changedColumns(current, toColumns(input));
    if (Object.keys(changes).length > 0) {
      await updateCallColumns(tx, ctx.accountId, id, changes);
      await recordEvent(tx, ctx, { resource: 'call', action: 'update', id, path: `calls/${id}` });
    }
    return getCall(tx, ctx, id);
  });
}

export async function deleteCall(db: Db, ctx: ApiContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await assertDeleteIfMatch(ctx, 'call', () => lockCall(tx, ctx.accountId, id), () => getCall(tx, ctx, id));
    if (!(await deleteCallRow(tx, ctx.accountId, id))) throw notFound('Call');
    await recordEvent(tx, ctx, { resource: 'call', action: 'delete', id, path: `calls/${id}` });
  });
}
