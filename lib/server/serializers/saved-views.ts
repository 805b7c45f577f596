import type { SavedViewRow } from '@/db/queries/saved-views';
import type { SavedViewResponse } from '@/lib/shared/validation/saved-views';
import { base, personRef } from './common';

/** The one SavedView shape (`SavedView` in the OpenAPI document). */
export function serializeSavedView(row: SavedViewRow): SavedViewResponse {
  const { view } = row;
  return {
    ...base(view),
    resource: view.resource,
    name: view.name,
    filters: view.filters,
    columns: view.columns,
    sort: view.sort,
    shared: view.shared,
    owner: personRef(row.owner)!,
  };
}
