// WAL positions (`16/B374D848`), as PostgreSQL writes them: read-your-writes with read replicas
// (lib/server/replicas.ts) answers one after each write, and the dashboard sends the newest back.

/** A WAL position as a number, or null when the text is not one. */
export function parseLsn(text: string): bigint | null {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

/** The later of two WAL positions (either may be null or not one). */
export function laterLsn(a: string | null, b: string | null): string | null {
  const pa = a === null ? null : parseLsn(a);
  const pb = b === null ? null : parseLsn(b);
  if (pb === null) return pa === null ? null : a;
  if (pa === null) return b;
  return pb > pa ? b : a;
}
