import { readBoundedText } from '@/lib/server/body';

// The body of a password sign-in, read once, here, for the throttle, the security log and Better
// Auth alike. Better Auth takes JSON or a form; read separately, the two readings can disagree:
// `email=decoy@x&email=victim@y` was the decoy to a reader that takes the first value and the
// victim to Better Auth, which takes the last, so the throttle counted (and let through) one
// address while Better Auth checked the password of another. So the body is parsed here, a form
// with a field sent twice is refused, and Better Auth is handed the very fields parsed, as JSON.

const MEDIA_TYPES = ['application/json', 'application/x-www-form-urlencoded'] as const;
/** Far above any sign-in (an email, a password, a callback URL); the rest is refused unread. */
const MAX_BODY_BYTES = 16 * 1024;
/** RFC 5321's longest address; anything longer is no user's, and never a counter's key. */
const MAX_EMAIL_LENGTH = 320;

export type SignInBody =
  /** `request`: what Better Auth gets (the same URL and headers, the parsed fields as JSON). */
  | { request: Request; email: string | null }
  /** An answer given without asking Better Auth: nothing is checked, nothing counted. */
  | { refusal: Response };

const refuse = (status: number, code: string, message: string): { refusal: Response } => ({
  refusal: Response.json({ code, message }, { status }),
});

/** The fields of a form body; null when one is sent more than once. */
function formFields(text: string): Record<string, string> | null {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, name)) return null;
    fields[name] = value;
  }
  return fields;
}

export async function readSignInBody(req: Request): Promise<SignInBody> {
  const media = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(MEDIA_TYPES as readonly string[]).includes(media)) {
    return refuse(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the sign-in as ${MEDIA_TYPES.join(' or ')}.`);
  }
  const text = await readBoundedText(req, MAX_BODY_BYTES);
  if (text === null) return refuse(413, 'PAYLOAD_TOO_LARGE', 'The sign-in body is too large.');
  let fields: Record<string, unknown>;
  if (media === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return refuse(400, 'BAD_REQUEST', 'Invalid JSON in request body');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return refuse(400, 'BAD_REQUEST', 'The body must be a JSON object.');
    fields = parsed as Record<string, unknown>;
  } else {
    const form = formFields(text);
    if (!form) return refuse(400, 'BAD_REQUEST', 'Send each field once.');
    fields = form;
  }
  const email = typeof fields.email === 'string' ? fields.email : null;
  if (email !== null && email.length > MAX_EMAIL_LENGTH) return refuse(400, 'INVALID_EMAIL', 'Invalid email');
  const headers = new Headers(req.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return {
    request: new Request(req.url, { method: req.method, headers, body: JSON.stringify(fields) }),
    // Better Auth looks the address up lowercased, as it was given otherwise (no trimming).
    email: email === null ? null : email.toLowerCase(),
  };
}
