import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation, sqlState, withoutParameters } from './query-errors';

// A failed statement's parameters are callers' data (a dry run once logged 2 MB of them): the log
// gets the statement and its cause, never the parameters.

describe('errors of statements', () => {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "contacts_account_email_key"'), { code: '23505' });
  const failed = new DrizzleQueryError('insert into contacts (email) values ($1), ($2)', ['secret.one@example.com', 'secret.two@example.com'], cause);

  it('finds the SQLSTATE of a wrapped driver error', () => {
    expect(sqlState(failed)).toBe('23505');
    expect(isUniqueViolation(failed)).toBe(true);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
  });

  it('logs the statement and its cause, not its parameters', () => {
    const logged = withoutParameters(failed) as Error;
    const text = `${logged.message}\n${logged.stack}`;
    expect(text).toContain('insert into contacts (email) values ($1), ($2)');
    expect(text).toContain('2 parameters, not logged');
    expect(text).toContain('23505 duplicate key value');
    expect(text).not.toContain('secret.one@example.com');
    expect(String(failed)).toContain('secret.one@example.com');
    const long = new DrizzleQueryError(
      `select ${'$1, '.repeat(5_000)}1`,
      Array.from({ length: 5_000 }, (_, i) => `key-${i}`),
      cause,
    );
    expect((withoutParameters(long) as Error).message.length).toBeLessThan(1_300);
    const plain = new Error('not a query');
    expect(withoutParameters(plain)).toBe(plain);
  });
});
