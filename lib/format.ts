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
