// Where to go after signing in: `?next=` when it is a path on this origin, else the home page.
// Anything else (absolute URLs, `//host`, `/\host`, which browsers read as another host) is
// dropped, so the sign-in page cannot be used to send someone elsewhere. The path is judged after
// resolving it as a browser would: dot segments and backslashes can turn `/.//evil.example` or
// `/a/..//evil.example` into `//evil.example`, a protocol-relative URL to another host.
const PLACEHOLDER_ORIGIN = 'http://groundwork.invalid';

export function safeNextPath(value: string | string[] | null | undefined): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters and whitespace are stripped by URL parsers in surprising ways.
  if (/[\u0000-\u0020\u007f]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || url.pathname === '/sign-in') return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What is sent on must be read back as this same path on this origin, whatever reads it.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  const again = new URL(path, PLACEHOLDER_ORIGIN);
  if (again.origin !== PLACEHOLDER_ORIGIN || `${again.pathname}${again.search}${again.hash}` !== path) return '/';
  return path;
}
