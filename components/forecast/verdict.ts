import type { Forecast } from '@/lib/client/hooks/use-forecast';
import { formatCents } from '@/lib/client/format';

// The forecast's answer in words, before any chart: on track, or short and what it would take.

/** A gap as people say it: "Short by $X" above zero, "Ahead by $X" below, never a bare negative number. */
export function gapWords(gap: number | null): string {
  if (gap === null) return '—';
  if (gap === 0) return 'On target';
  return gap > 0 ? `Short by ${formatCents(gap)}` : `Ahead by ${formatCents(-gap)}`;
}

/** Awards as whole contracts: 0.4 of one is still one more award to win. */
export const wholeAwards = (awards: number) => Math.max(1, Math.ceil(awards - 1e-9));

const awardsWords = (n: number) => `${n.toLocaleString('en-US')} more ${n === 1 ? 'award' : 'awards'}`;
const percent = (rate: number) => `${(rate * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

/**
 * The range's verdict against its targets: null without a target. The gap is the totals' (target −
 * total weighted over the months that have a target); the awards, gap ÷ win rate ÷ average
 * contract (docs/forecast.md), in whole contracts.
 */
export function forecastVerdict(f: Pick<Forecast, 'totals' | 'closing_the_gap' | 'months'>): { tone: 'ahead' | 'short'; text: string } | null {
  const gap = f.totals.gap_in_cents;
  if (gap === null) return null;
  const span = `the ${f.months.filter((m) => m.target_in_cents !== null).length}-month target`;
  if (gap <= 0) return { tone: 'ahead', text: gap === 0 ? `On track: exactly on ${span}.` : `On track: ${formatCents(-gap)} above ${span}.` };
  const { win_rate: rate, average_contract_in_cents: average } = f.closing_the_gap;
  if (!rate || !average) return { tone: 'short', text: `Short by ${formatCents(gap)} of ${span}.` };
  const awards = wholeAwards(gap / rate / average);
  return { tone: 'short', text: `Short by ${formatCents(gap)}: about ${awardsWords(awards)} at your win rate of ${percent(rate)}.` };
}
