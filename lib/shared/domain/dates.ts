// Calendar dates as whole day numbers (days since 1970-01-01, UTC): the forecast's months and
// workforce planning's weeks count days without time zones or daylight saving.

export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a civil date (proleptic Gregorian; Hinnant's days_from_civil, integers only). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

const digit = (s: string, i: number) => s.charCodeAt(i) - 48;

/**
 * Days since 1970-01-01 of a `YYYY-MM-DD` date (UTC). Read digit by digit: the forecast reads two
 * dates of every project, tens of thousands a request.
 */
export function dayNumber(date: string): number {
  return daysFromCivil(
    digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3),
    digit(date, 5) * 10 + digit(date, 6),
    digit(date, 8) * 10 + digit(date, 9),
  );
}

/** The `YYYY-MM-DD` date of a day number. */
export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
