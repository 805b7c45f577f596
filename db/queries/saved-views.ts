import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { savedViews, users } from '@/db/schema';
import type { SavedViewResource } from '@/db/schema/enums';
import { personRefColumns } from './refs';
import { ofAccount, oneRow, updatedSince } from './tenant';
import { type PageWindow, pageWithTotal } from './sql';

function selectSavedViews(db: Db) {
  return db
    .select({ view: savedViews, owner: personRefColumns(users) })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.userId));
}
export type SavedViewRow = Awaited<ReturnType<ReturnType<typeof selectSavedViews>['execute']>>[number];

/** What a user sees: their own views and the account's shared ones, of the lists they may read. */
function visible(accountId: number, userId: number, readable: readonly SavedViewResource[]): SQL {
  return and(eq(savedViews.accountId, accountId), or(eq(savedViews.userId, userId), eq(savedViews.shared, true)), inArray(savedViews.resource, [...readable]))!;
}

export interface SavedViewFilters {
  resource?: SavedViewResource;
  shared?: boolean;
  updated_since?: Date;
}

/** By list, then name. */
export async function listSavedViews(db: Db, accountId: number, userId: number, readable: readonly SavedViewResource[], f: SavedViewFilters, page: PageWindow) {
  const where = and(
    visible(accountId, userId, readable),
    f.resource !== undefined ? eq(savedViews.resource, f.resource) : undefined,
    f.shared !== undefined ? eq(savedViews.shared, f.shared) : undefined,
    updatedSince(savedViews.updatedAt, f.updated_since),
  );
  return pageWithTotal(db, selectSavedViews(db).$dynamic(), savedViews, where, [asc(savedViews.resource), asc(savedViews.name), asc(savedViews.id)], page);
}

/** A view the user sees (their own or shared), its row locked with `lock`. */
export function findSavedView(
  db: Db,
  accountId: number,
  userId: number,
  readable: readonly SavedViewResource[],
  id: number,
  lock = false,
): Promise<SavedViewRow | undefined> {
  return oneRow(selectSavedViews(db).where(and(ofAccount(savedViews, accountId, id), visible(accountId, userId, readable))), savedViews, lock);
}
