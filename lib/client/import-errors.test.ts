import { describe, expect, it } from 'vitest';
import { readableImportError } from './import-errors';

describe('an import error as a person reads it', () => {
  it('names the column by its label and the value first', () => {
    expect(readableImportError('projects', 'amount: is not an amount of money ("notmoney")')).toBe('Amount "notmoney" is not an amount of money');
    expect(readableImportError('leads', 'value: is not an amount of money ("lots")')).toBe('Value "lots" is not an amount of money');
    expect(readableImportError('leads', 'estimated_start_date: is not a date (YYYY-MM-DD or MM/DD/YYYY: "31/31/2027")')).toBe(
      'Estimated Start "31/31/2027" is not a date',
    );
  });

  it('says a company is not in Groundwork and what to do', () => {
    expect(readableImportError('contacts', 'company_name: no company named "Brand New Health LLC" (create_missing=true creates it)')).toBe(
      'Company "Brand New Health LLC" is not in Groundwork — tick "Create missing companies" or add it first',
    );
    expect(readableImportError('leads', 'contact_email: no contact with the email "nobody@example.com"')).toBe(
      'Contact Email "nobody@example.com" is not in Groundwork',
    );
  });

  it('keeps every problem of a row, each a sentence', () => {
    expect(readableImportError('leads', 'name: is required; priority: is not yes/no, true/false or 1/0 ("maybe")')).toBe(
      'Lead Name is required. Priority "maybe" is not yes/no, true/false or 1/0',
    );
    expect(readableImportError('leads', 'the row 3 with the same key failed')).toBe('The row 3 with the same key failed');
  });
});
