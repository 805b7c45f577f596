import type { GoNoGoCriterionRow } from '@/db/queries/go-no-go';
import type { GoNoGoCriterionResponse } from '@/lib/shared/validation/go-no-go';
import { base } from './common';

/** The one GoNoGoCriterion shape (`GoNoGoCriterion` in the OpenAPI document). */
export function serializeGoNoGoCriterion(row: GoNoGoCriterionRow): GoNoGoCriterionResponse {
  return {
    ...base(row),
    name: row.name,
    description: row.description,
    weight: row.weight,
    kind: row.kind,
    position: row.position,
    archived: row.archived,
  };
}
