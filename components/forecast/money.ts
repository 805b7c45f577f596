// Money on the Forecast page: the API counts cents; people read dollars.

// minimumFractionDigits 0: Node's ICU would otherwise write "$119.0M" where the browser writes "$119M" (a hydration mismatch).
const compact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });

/** $1.2M, $850K, $0: chart axes and tight spots. */
export function compactCents(cents: number | null | undefined): string {
  return cents == null ? '—' : compact.format(cents / 100);
}

/** Cents as dollars with exactly two decimals, no separators (1234567 → "12345.67"), computed on integers. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `2027-01` → "Jan 2027". */
export function monthLabel(month: string, style: 'short' | 'long' = 'long'): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  return d.toLocaleDateString('en-US', { month: 'short', year: style === 'long' ? 'numeric' : '2-digit', timeZone: 'UTC' });
}

/** The forecast's money columns as the table and its CSV show them, in order: a label and a month's field. */
export const FORECAST_COLUMNS = [
  ['Contracted', 'contracted_in_cents'],
  ['Weighted pipeline', 'weighted_pipeline_in_cents'],
  ['Unweighted pipeline', 'unweighted_pipeline_in_cents'],
  ['Total weighted', 'total_weighted_in_cents'],
  ['Target', 'target_in_cents'],
  ['Gap', 'gap_in_cents'],
  ['Backlog', 'backlog_in_cents'],
] as const;
