import type { CloseType, ProjectStatus } from '@/db/schema/enums';

// A project's status, as the dashboard derives it after a change it makes (the API's answers are
// built by PostgreSQL: lib/server/serializers/projects.ts). Dates are compared in UTC.

export function todayUtc(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * pursuit while the stage is open; lost when closed without a win (lost, cancelled, did_not_pursue); when won: complete past end_date, upcoming
 * before start_date (or without one), active in between. The SQL filter in db/queries/projects.ts
 * applies the same rules.
 */
export function projectStatus(p: { closeType: CloseType | null; startDate: string | null; endDate: string | null }, today: string): ProjectStatus {
  if (p.closeType === null) return 'pursuit';
  if (p.closeType !== 'won') return 'lost';
  if (p.endDate !== null && p.endDate < today) return 'complete';
  if (p.startDate === null || p.startDate > today) return 'upcoming';
  return 'active';
}
