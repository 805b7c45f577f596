import type { z } from 'zod';
import type { Db } from '@/db';
import { findSavedView, listSavedViews as queryViews, type SavedViewRow } from '@/db/queries/saved-views';
import { savedViews } from '@/db/schema';
import { SAVED_VIEW_RESOURCES, type SavedViewResource } from '@/db/schema/enums';
import { serializeSavedView } from '@/lib/server/serializers/saved-views';
import { companyListQuery } from '@/lib/shared/validation/companies';
import { contactListQuery } from '@/lib/shared/validation/contacts';
import { CUSTOM_FIELD_FILTER } from '@/lib/shared/validation/custom-fields';
import { leadListQuery } from '@/lib/shared/validation/leads';
import { projectListQuery } from '@/lib/shared/validation/projects';
import type { SavedViewCreate, SavedViewListQuery, SavedViewResponse, SavedViewUpdate } from '@/lib/shared/validation/saved-views';
import { tasksListQuery } from '@/lib/shared/validation/tasks';
import { workforceEmployeeListQuery } from '@/lib/shared/validation/workforce-employees';
import type { CallerContext } from './context';
import { forbidden, validationFailed, type FieldErrors } from './errors';
import { pageWindow, toPage, type Page } from './paging';
import { AREA_OF_LIST, mayRead, requireArea } from './permissions';
import { createRecord, deleteRecord, getRecord, updateRecord, type RecordKind } from './records';

// Saved views (docs/saved-views.md): a user's own, or shared with the account; only the owner or an
// account admin changes one. A view belongs to a list, and is there only for users who may read it.

/** Each list's query schema: a view's filters and sort are its parameters. */
const LIST_QUERIES: Record<SavedViewResource, z.ZodObject> = {
  leads: leadListQuery,
  projects: projectListQuery,
  companies: companyListQuery,
  contacts: contactListQuery,
  tasks: tasksListQuery,
  workforce_employees: workforceEmployeeListQuery,
};
const WITH_CUSTOM_FIELDS = new Set<SavedViewResource>(['leads', 'projects', 'companies', 'contacts']);

const readable = (ctx: CallerContext) => SAVED_VIEW_RESOURCES.filter((r) => mayRead(ctx, r));

/** The filters and sort are the list's own parameters (422 on `filters.<param>` or `sort` otherwise). */
function checkParameters(resource: SavedViewResource, filters: Record<string, string | string[]> | undefined, sort: string | null | undefined) {
  const schema = LIST_QUERIES[resource];
  const known = Object.keys(schema.shape).filter((k) => k !== 'page' && k !== 'per_page' && k !== 'sort');
  const errors: FieldErrors = {};
  const plain: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters ?? {})) {
    if (CUSTOM_FIELD_FILTER.test(key) && WITH_CUSTOM_FIELDS.has(resource)) continue;
    if (!known.includes(key)) errors[`filters.${key}`] = [`is not a filter of ${resource}; its filters are: ${known.join(', ')}`];
    else plain[key] = value;
  }
  if (sort != null) plain.sort = sort;
  const parsed = schema.safeParse(plain);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      (errors[field === 'sort' ? 'sort' : `filters.${field}`] ??= []).push(issue.message);
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** Saved views as the caller sees them: their own, and those shared on lists they may read; only the owner or an admin changes one. */
const viewKind = (ctx: CallerContext): RecordKind<SavedViewRow, SavedViewResponse> => ({
  resource: 'saved_view',
  table: savedViews,
  read: (db, accountId, id, lock) => findSavedView(db, accountId, ctx.userId, readable(ctx), id, lock),
  columns: (row) => row.view,
  serialize: serializeSavedView,
  mayChange: (caller, row) => {
    if (row.view.userId !== caller.userId && caller.role !== 'admin')
      throw forbidden('Only the owner of a saved view, or an admin of the account, can change it.');
  },
});

export async function listSavedViews(db: Db, ctx: CallerContext, query: SavedViewListQuery): Promise<Page<SavedViewResponse>> {
  return toPage(query, await queryViews(db, ctx.accountId, ctx.userId, readable(ctx), query, pageWindow(query)), serializeSavedView);
}

export function getSavedView(db: Db, ctx: CallerContext, id: number): Promise<SavedViewResponse> {
  return getRecord(db, ctx, viewKind(ctx), id);
}

export function createSavedView(db: Db, ctx: CallerContext, input: SavedViewCreate): Promise<SavedViewResponse> {
  requireArea(ctx, AREA_OF_LIST[input.resource], 'read');
  checkParameters(input.resource, input.filters, input.sort);
  return createRecord(db, ctx, viewKind(ctx), input, () => ({
    userId: ctx.userId,
    resource: input.resource,
    name: input.name,
    filters: input.filters,
    columns: input.columns,
    sort: input.sort,
    shared: input.shared,
  }));
}

export function updateSavedView(db: Db, ctx: CallerContext, id: number, input: SavedViewUpdate): Promise<SavedViewResponse> {
  return updateRecord(db, ctx, viewKind(ctx), id, input, {
    columns: (current) => {
      checkParameters(current.view.resource, input.filters ?? current.view.filters, input.sort !== undefined ? input.sort : current.view.sort);
      return { ...input };
    },
  });
}

export function deleteSavedView(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, viewKind(ctx), id);
}
