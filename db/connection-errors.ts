// Errors that say the database could not be reached or dropped the connection, as opposed to
// errors about the statement itself. A request that meets one is worth retrying in a moment (503),
// not a bug in the request (4xx) or in our code (500).

/** Node's socket errors when the server is down, restarting, or unreachable. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** postgres.js's own codes for a connection that closed, ended or never opened. */
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'POOL_WAIT_TIMEOUT']);

/**
 * PostgreSQL SQLSTATEs: 57P01 admin_shutdown (the server is stopping), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up), 53300 too_many_connections, and class 08 (connection
 * exceptions).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when `err` (or the error it wraps: Drizzle wraps driver errors in `cause`) is a connection fault. */
export function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = codeOf(e);
    if (code && (SOCKET_CODES.has(code) || DRIVER_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  }
  return false;
}
