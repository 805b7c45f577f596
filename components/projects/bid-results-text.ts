import { compactCents } from '@/components/forecast/money';
import type { BidResult } from '@/lib/client/hooks/use-bid-results';
import type { Project } from '@/lib/client/hooks/use-projects';

// How a project's bids read: a bidder's name and price, and the price to win with where it comes from.

const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A bid's price as typed: whole dollars without cents ("$950,000"), else to the cent ("$950,000.50"); '—' when unknown. */
export function bidAmount(cents: number | null): string {
  if (cents === null) return '—';
  return cents % 100 === 0 ? whole.format(cents / 100) : exact.format(cents / 100);
}

/** The bidder: the company's name, or "Us" for our own bid. */
export const bidderName = (result: Pick<BidResult, 'is_us' | 'company'>): string => (result.is_us || !result.company ? 'Us' : result.company.name);

type PriceToWin = NonNullable<Project['price_to_win']>;

/** "$2,400,000 – $2,650,000", or compact for tight spots ("$2.4M – $2.7M"). */
export function priceRange(price: PriceToWin, compact = false): string {
  const format = compact ? compactCents : (cents: number) => whole.format(cents / 100);
  return `${format(price.low_in_cents)} – ${format(price.high_in_cents)}`;
}

/** Where the range comes from: "from 7 closed projects in Healthcare". */
export function priceBasis(project: Pick<Project, 'price_to_win' | 'market_sector'>): string {
  const basis = project.price_to_win?.basis;
  if (!basis) return '';
  const sector = project.market_sector?.id === basis.market_sector_id ? project.market_sector.name : 'this market sector';
  return `from ${basis.count} closed ${basis.count === 1 ? 'project' : 'projects'} in ${sector}`;
}

/**
 * The price to win in a sentence, for an open project: the range and its basis, or why there is
 * none (no amount, no market sector, too few closed bids in the sector). Null for a closed project.
 */
export function priceToWinSentence(project: Pick<Project, 'price_to_win' | 'market_sector' | 'amount' | 'close_type'>): string | null {
  if (project.close_type !== null) return null;
  if (project.price_to_win) return `Price to win: ${priceRange(project.price_to_win)}, ${priceBasis(project)}.`;
  if (project.amount === null) return 'Enter the project’s amount to see a price to win.';
  if (project.market_sector === null) return 'Choose the project’s market sector to see a price to win.';
  return 'Not enough closed bids in this sector yet to suggest a price.';
}
