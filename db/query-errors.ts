// Errors of statements: their SQLSTATE, and a form of them fit for the log. Drizzle wraps a driver's
// error in `cause` and writes the statement's parameters into its message; parameters are the
// callers' data (names, emails, a dry run's 65,000 keys), so they never reach the log.

/** The SQLSTATE of `err` or of the error it wraps. */
export function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A unique index refused the row (a concurrent writer got there first). */
export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';

const MAX_LOGGED_QUERY = 1_000;

/**
 * `err` for the log: a failed statement's text (its first 1,000 characters) and its cause, without
 * its parameters; any other error as it is.
 */
export function withoutParameters(err: unknown): unknown {
  if (!(err instanceof Error) || !('params' in err) || !('query' in err)) return err;
  const query = String(err.query);
  const cause = err.cause as { code?: string; message?: string } | undefined;
  const logged = new Error(
    `Failed query (${Array.isArray(err.params) ? err.params.length : 0} parameters, not logged): ${query.length > MAX_LOGGED_QUERY ? `${query.slice(0, MAX_LOGGED_QUERY)}…` : query}` +
      (cause ? `\ncause: ${cause.code ?? ''} ${cause.message ?? ''}` : ''),
  );
  logged.stack = [logged.message, ...(err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))].join('\n');
  return logged;
}
