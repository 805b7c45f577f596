// Display formats of the dashboard: US dollars, calendar dates, relative days.

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function formatCents(cents: number | null | undefined): string {
  return cents == null ? '—' : dollars.format(cents / 100);
}

export function formatDollars(amount: number | null | undefined): string {
  return amount == null ? '—' : dollars.format(amount);
}

/** A YYYY-MM-DD date or an ISO timestamp, shown as its calendar day. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  return dateFormat.format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));
}

/** Dollars typed in a form ("1,250,000.50") to integer cents; null when blank; NaN when not a number. */
export function dollarsToCents(input: string): number | null {
  const cleaned = input.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}

export function centsToDollarsInput(cents: number | null | undefined): string {
  return cents == null ? '' : (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2);
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The calendar day in the browser's time zone, `days` from today, as YYYY-MM-DD (deadlines are local days). */
export function localDayIso(days = 0, now: Date = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const dateTimeOptions: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' };
const dateTimeFormat = new Intl.DateTimeFormat('en-US', dateTimeOptions);

/** An ISO timestamp in the browser's time zone, to the minute. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dateTimeFormat.format(new Date(value)) : '—';
}

const utcDateTimeFormat = new Intl.DateTimeFormat('en-US', { ...dateTimeOptions, timeZone: 'UTC', timeZoneName: 'short' });

/** An ISO timestamp in UTC, saying so: what the server renders before the browser's time zone is known. */
export function formatDateTimeUtc(value: string | null | undefined): string {
  return value ? utcDateTimeFormat.format(new Date(value)) : '—';
}

/** An ISO timestamp as the value of a `datetime-local` input (browser time zone); '' for none. */
export function toDateTimeLocal(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (browser time zone) as an ISO timestamp in UTC; null when blank or invalid. */
export function fromDateTimeLocal(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A website typed as `acme.com` as a link target. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

export { humanize } from '@/lib/shared/text';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** An ISO timestamp relative to now: "5 minutes ago", "yesterday", "in 3 days"; "just now" under a minute. */
export function formatRelative(value: string, now: Date = new Date()): string {
  const diff = new Date(value).getTime() - now.getTime();
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.trunc(diff / ms), unit);
  }
  return 'just now';
}
