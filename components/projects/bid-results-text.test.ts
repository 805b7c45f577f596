import { describe, expect, it } from 'vitest';
import type { Project } from '@/lib/client/hooks/use-projects';
import { bidAmount, bidderName, priceBasis, priceRange, priceToWinSentence } from './bid-results-text';

const stamps = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
const healthcare = { id: '3', name: 'Healthcare', ...stamps };
const price = { low_in_cents: 240_000_000, high_in_cents: 265_050_000, basis: { count: 7, market_sector_id: '3' } };
type Priced = Pick<Project, 'price_to_win' | 'market_sector' | 'amount' | 'close_type'>;
const open = (changes: Partial<Priced> = {}): Priced => ({ price_to_win: price, market_sector: healthcare, amount: 2_500_000, close_type: null, ...changes });

describe('a bid', () => {
  it('reads in whole dollars, or to the cent when it has cents', () => {
    expect(bidAmount(95_000_000)).toBe('$950,000');
    expect(bidAmount(95_000_050)).toBe('$950,000.50');
    expect(bidAmount(1)).toBe('$0.01');
    expect(bidAmount(null)).toBe('—');
  });

  it('is ours ("Us") or the company’s', () => {
    expect(bidderName({ is_us: true, company: null })).toBe('Us');
    expect(bidderName({ is_us: false, company: { id: '9', name: 'Keystone Builders', website: null, ...stamps } })).toBe('Keystone Builders');
  });
});

describe('the price to win', () => {
  it('is a range in dollars, or compact, with the closed projects it comes from', () => {
    expect(priceRange(price)).toBe('$2,400,000 – $2,650,500');
    expect(priceRange(price, true)).toBe('$2.4M – $2.7M');
    expect(priceBasis(open())).toBe('from 7 closed projects in Healthcare');
    expect(priceBasis(open({ market_sector: { ...healthcare, id: '4' } }))).toBe('from 7 closed projects in this market sector');
  });

  it('reads as a sentence for an open project, or says why there is none', () => {
    expect(priceToWinSentence(open())).toBe('Price to win: $2,400,000 – $2,650,500, from 7 closed projects in Healthcare.');
    expect(priceToWinSentence(open({ price_to_win: null }))).toBe('Not enough closed bids in this sector yet to suggest a price.');
    expect(priceToWinSentence(open({ price_to_win: null, amount: null }))).toBe('Enter the project’s amount to see a price to win.');
    expect(priceToWinSentence(open({ price_to_win: null, market_sector: null }))).toBe('Choose the project’s market sector to see a price to win.');
    expect(priceToWinSentence(open({ close_type: 'lost' }))).toBeNull();
  });
});
