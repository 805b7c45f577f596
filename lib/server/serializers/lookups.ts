import type { CompanyCategory, MembershipRole } from '@/db/schema/enums';
import type { CompanyCategoryResponse, ProjectStageResponse, ProjectTeamRoleResponse, WorkforceRoleResponse } from '@/lib/shared/validation/lookups';
import { base, namedRef, type BaseRow } from './common';

type StageRow = BaseRow & { name: string; category: ProjectStageResponse['category']; position: number; defaultProbability: number | null };
export type RoleRow = BaseRow & { name: string; abbreviation: string | null };

/** A named lookup (contract type, division, import, …): the Named reference shape. */
export function serializeNamedLookup(row: BaseRow & { name: string }) {
  return namedRef(row)!;
}

/** The Project stage shape, listed on its own, embedded in projects and in the pipeline report. */
export function serializeProjectStage(row: StageRow): ProjectStageResponse {
  return { ...base(row), name: row.name, category: row.category, position: row.position, default_probability: row.defaultProbability };
}

/** The Workforce role shape, listed on its own and embedded in employees and their managers. */
export function workforceRole(row: RoleRow | null): WorkforceRoleResponse | null {
  return row && { ...base(row), name: row.name, abbreviation: row.abbreviation };
}

export function serializeWorkforceRole(row: RoleRow): WorkforceRoleResponse {
  return workforceRole(row)!;
}

export function serializeProjectTeamRole(row: BaseRow & { role: MembershipRole; name: string }): ProjectTeamRoleResponse {
  return { ...base(row), role: row.role, name: row.name };
}

export function serializeCompanyCategory(row: BaseRow & { name: string; category: CompanyCategory }): CompanyCategoryResponse {
  return { ...base(row), name: row.name, category: row.category };
}
