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

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** An ISO timestamp in the browser's time zone, to the minute. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dateTimeFormat.format(new Date(value)) : '—';
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

/** An enum value for people: `new_construction` → "New construction". */
export function humanize(value: string): string {
  return value.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}
