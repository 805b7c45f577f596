import { differenceInCalendarDays, differenceInMonths, parseISO } from 'date-fns';
import type { CloseType, ProjectStatus } from '@/db/schema/enums';

// Derived project fields (computed on read, never stored). Dates are compared in UTC.

export function todayUtc(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * pursuit while the stage is open; lost when closed without a win (lost, cancelled, did_not_pursue); when won: complete past end_date, upcoming
 * before start_date (or without one), active in between. The SQL filter in db/queries/projects.ts
 * applies the same rules.
 */
export function projectStatus(
  p: { closeType: CloseType | null; startDate: string | null; endDate: string | null },
  today: string,
): ProjectStatus {
  if (p.closeType === null) return 'pursuit';
  if (p.closeType !== 'won') return 'lost';
  if (p.endDate !== null && p.endDate < today) return 'complete';
  if (p.startDate === null || p.startDate > today) return 'upcoming';
  return 'active';
}

/** Dollars per unit of the divisor, to the cent; null when either side is missing or zero. */
export function pricePer(amountInCents: number | null, divisor: number | null): number | null {
  if (amountInCents === null || !divisor) return null;
  return Math.round(amountInCents / divisor) / 100;
}

/** Whole days in the current stage. */
export function stageAge(stageEnteredAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - stageEnteredAt.getTime()) / 86_400_000));
}

/** Days from creation to award; while open, to today; closed without an award date, to the close. */
export function pursuitDuration(
  p: { createdAt: Date; awardDate: string | null; closedAt: Date | null },
  now: Date,
): number {
  const end = p.awardDate !== null ? parseISO(p.awardDate) : (p.closedAt ?? now);
  return Math.max(0, differenceInCalendarDays(end, p.createdAt));
}

/** Whole months from start to end date; null unless both are set. */
export function projectDuration(startDate: string | null, endDate: string | null): number | null {
  if (startDate === null || endDate === null) return null;
  return differenceInMonths(parseISO(endDate), parseISO(startDate));
}
