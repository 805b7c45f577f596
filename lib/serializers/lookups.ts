import type { ProjectStageResponse, WorkforceRoleResponse } from '@/lib/validation/lookups';
import { base, namedRef } from './common';

interface BaseRow {
  id: number;
  createdAt: Date;
  updatedAt: Date;
}
type StageRow = BaseRow & { name: string; category: ProjectStageResponse['category']; position: number };
type RoleRow = BaseRow & { name: string; abbreviation: string | null };

/** A named lookup (contract type, division, import, …): the Named reference shape. */
export function serializeNamedLookup(row: BaseRow & { name: string }) {
  return namedRef(row)!;
}

export function serializeProjectStage(row: StageRow): ProjectStageResponse {
  return { ...base(row), name: row.name, category: row.category, position: row.position };
}

/** The Workforce role shape, listed on its own and embedded in employees and their managers. */
export function workforceRole(row: RoleRow | null): WorkforceRoleResponse | null {
  return row && { ...base(row), name: row.name, abbreviation: row.abbreviation };
}

export function serializeWorkforceRole(row: RoleRow): WorkforceRoleResponse {
  return workforceRole(row)!;
}
