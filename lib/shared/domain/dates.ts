// Calendar dates as whole day numbers (days since 1970-01-01, UTC): the forecast's months and
// workforce planning's weeks count days without time zones or daylight saving.

export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (UTC). */
export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

/** The `YYYY-MM-DD` date of a day number. */
export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
