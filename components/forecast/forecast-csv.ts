import type { Forecast } from '@/lib/client/hooks/use-forecast';
import { centsToDecimal, FORECAST_COLUMNS } from './money';

// The forecast table as CSV: a header row, a row per month, the totals; money in dollars with two
// decimals; an empty cell where there is no target (and so no gap).

const money = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents));

export function forecastCsv(forecast: Forecast): string {
  const rows = [
    ['Month', ...FORECAST_COLUMNS.map(([label]) => label)],
    ...forecast.months.map((m) => [m.month, ...FORECAST_COLUMNS.map(([, key]) => money(m[key]))]),
    ['Total', ...FORECAST_COLUMNS.map(([, key]) => money(forecast.totals[key]))],
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
