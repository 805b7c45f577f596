import type { Forecast } from '@/lib/client/hooks/use-forecast';
import { centsToDecimal } from './money';

// The forecast table as CSV: a header row, a row per month, the totals; money in dollars with two
// decimals; an empty cell where there is no target (and so no gap).

export const CSV_COLUMNS = [
  ['Contracted', 'contracted_in_cents'],
  ['Weighted pipeline', 'weighted_pipeline_in_cents'],
  ['Unweighted pipeline', 'unweighted_pipeline_in_cents'],
  ['Total weighted', 'total_weighted_in_cents'],
  ['Target', 'target_in_cents'],
  ['Gap', 'gap_in_cents'],
  ['Backlog', 'backlog_in_cents'],
] as const;

const money = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents));

export function forecastCsv(forecast: Forecast): string {
  const rows = [
    ['Month', ...CSV_COLUMNS.map(([label]) => label)],
    ...forecast.months.map((m) => [m.month, ...CSV_COLUMNS.map(([, key]) => money(m[key]))]),
    ['Total', ...CSV_COLUMNS.map(([, key]) => money(forecast.totals[key]))],
  ];
  return `${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;
}

/** Saves `text` as a file in the browser. */
export function download(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
