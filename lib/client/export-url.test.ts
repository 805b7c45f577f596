import { describe, expect, it } from 'vitest';
import { exportUrl } from './export-url';

describe('exportUrl', () => {
  it('keeps the filters and sort, drops the page and adds the format', () => {
    const url = exportUrl('/leads', { q: 'fire station', priority: 'true', sort: '-value_in_cents', page: 3, per_page: 50, company_id: '' }, 'csv');
    expect(url).toBe('/api/2023-01/leads?q=fire+station&priority=true&sort=-value_in_cents&format=csv');
  });

  it('names the nested list and the Excel format', () => {
    expect(exportUrl('/workforce/employees', { page: 1, per_page: 50 }, 'xlsx')).toBe('/api/2023-01/workforce/employees?format=xlsx');
  });
});
