import { describe, expect, it } from 'vitest';
import { compactDollars } from '@/components/home/pipeline-chart';
import { compactCents } from './money';

// Compact money reads the same on the server and in the browser: no trailing ".0" (Node's ICU
// adds one unless the minimum is 0, and the page then fails to hydrate).
describe('compact money', () => {
  it('drops a zero decimal and keeps one that says something', () => {
    expect([11_900_000_000, 85_000_000, 125_000_000, 0].map(compactCents)).toEqual(['$119M', '$850K', '$1.3M', '$0']);
    expect(compactDollars.format(119_000_000)).toBe('$119M');
    expect(compactCents(null)).toBe('—');
  });
});
