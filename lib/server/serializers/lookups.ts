import type { CompanyCategory, MembershipRole } from '@/db/schema/enums';
import type {
  CompanyCategoryResponse,
  NamedLookupResponse,
  ProjectStageEntryResponse,
  ProjectStageResponse,
  ProjectTeamRoleResponse,
  WorkforceRoleEntryResponse,
  WorkforceRoleResponse,
} from '@/lib/shared/validation/lookups';
import { base, isoOrNull, namedRef, type BaseRow } from './common';

type StageRow = BaseRow & { name: string; category: ProjectStageResponse['category']; position: number; defaultProbability: number | null };
export type RoleRow = BaseRow & { name: string; abbreviation: string | null };

/** A named lookup's value (contract type, division, …) as its own routes answer it: the Named reference, archived or not, and its use. */
export function serializeNamedLookup(row: BaseRow & { name: string; archivedAt: Date | null }, usageCount: number): NamedLookupResponse {
  return { ...namedRef(row)!, archived_at: isoOrNull(row.archivedAt), usage_count: usageCount };
}

/** The Project stage shape, listed on its own, embedded in projects and in the pipeline report. */
export function serializeProjectStage(row: StageRow): ProjectStageResponse {
  return { ...base(row), name: row.name, category: row.category, position: row.position, default_probability: row.defaultProbability };
}

/** A stage as its own routes answer it: the embedded shape, its colour and how many projects are in it. */
export function serializeProjectStageEntry(row: StageRow & { color: string | null }, usageCount: number): ProjectStageEntryResponse {
  return { ...serializeProjectStage(row), color: row.color, usage_count: usageCount };
}

/** The Workforce role shape, embedded in employees and their managers. */
export function workforceRole(row: RoleRow | null): WorkforceRoleResponse | null {
  return row && { ...base(row), name: row.name, abbreviation: row.abbreviation };
}

/** A workforce role as its own routes answer it: archived or not, and how many people and assignments hold it. */
export function serializeWorkforceRole(row: RoleRow & { archivedAt: Date | null }, usageCount: number): WorkforceRoleEntryResponse {
  return { ...workforceRole(row)!, archived_at: isoOrNull(row.archivedAt), usage_count: usageCount };
}

export function serializeProjectTeamRole(row: BaseRow & { role: MembershipRole; name: string }): ProjectTeamRoleResponse {
  return { ...base(row), role: row.role, name: row.name };
}

export function serializeCompanyCategory(row: BaseRow & { name: string; category: CompanyCategory }): CompanyCategoryResponse {
  return { ...base(row), name: row.name, category: row.category };
}
