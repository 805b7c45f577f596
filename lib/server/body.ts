// A request body read with a ceiling: the API's JSON bodies (lib/server/http/request.ts) and the
// sign-in form (lib/server/auth/sign-in-body.ts) both stop reading once it is passed.

/** The body's bytes, or null when its declared length or the bytes read pass `max` (the rest is not read). */
export async function readBoundedBytes(req: Request, max: number): Promise<Uint8Array | null> {
  if (Number(req.headers.get('content-length') ?? 0) > max) return null;
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // Not awaited: the cancel of a cloned (tee'd) body settles only once the other branch is
      // cancelled too, which would hang the idempotency check on an over-size body.
      void reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as UTF-8 text, or null past `max` bytes. */
export async function readBoundedText(req: Request, max: number): Promise<string | null> {
  const bytes = await readBoundedBytes(req, max);
  return bytes === null ? null : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
