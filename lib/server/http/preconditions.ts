import type { IfMatch } from '@/lib/server/services/preconditions';

/**
 * The `If-Match` header, or null without one. Weak (`W/"…"`) and unquoted tags never match, as
 * strong comparison requires, so they lead to a 412 rather than being ignored.
 */
export function parseIfMatch(header: string | null): IfMatch | null {
  if (header === null) return null;
  const parts = header
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.includes('*')) return { any: true };
  return { any: false, tags: parts.filter((p) => /^"[^"]*"$/.test(p)) };
}
