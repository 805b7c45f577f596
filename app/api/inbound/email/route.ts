import { timingSafeEqual } from 'node:crypto';
import { errorBody, errorResponse } from '@/lib/server/http/errors';
import { publicOrigin } from '@/lib/server/security/origin';
import { definePublicRoute } from '@/lib/server/http/route';
import { getDb } from '@/lib/server/db';
import { mailSettings } from '@/lib/server/config/mail';
import { ingestEmail, MAX_MESSAGE_BYTES } from '@/lib/server/email-capture/ingest';
import { readBoundedBytes } from '@/lib/server/body';
import { ServiceError } from '@/lib/server/services/errors';

// POST /api/inbound/email — a provider's inbound hook or a Cloudflare Email Worker hands over a raw
// message (Content-Type: message/rfc822), with `Authorization: Bearer $INBOUND_EMAIL_SECRET` and,
// when it knows them, the envelope's recipients in `?to=` (docs/email-capture.md). 201 when filed,
// 200 when it already was, 202 when refused (a stranger's mail, an unknown address: the provider
// must not retry), 413 over 25 MB.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = definePublicRoute({
  POST: async (req) => {
    const requestId = crypto.randomUUID();
    try {
      const secret = mailSettings().INBOUND_EMAIL_SECRET;
      const given = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
      if (!secret || given.length !== secret.length || !timingSafeEqual(Buffer.from(given), Buffer.from(secret)))
        throw new ServiceError(
          'unauthorized',
          secret ? 'Send the inbound secret: Authorization: Bearer $INBOUND_EMAIL_SECRET.' : 'Email capture by hook is off: INBOUND_EMAIL_SECRET is not set.',
        );
      if (!/^message\/rfc822\s*(;|$)/i.test(req.headers.get('content-type') ?? ''))
        throw new ServiceError('unsupported_media_type', 'Send the raw message with Content-Type: message/rfc822.');
      const tooLarge = new ServiceError('payload_too_large', 'The message is over 25 MB, the largest Groundwork captures.', { max_bytes: MAX_MESSAGE_BYTES });
      if (Number(req.headers.get('content-length') ?? 0) > MAX_MESSAGE_BYTES) throw tooLarge;
      const raw = await readBoundedBytes(req, MAX_MESSAGE_BYTES);
      if (raw === null) throw tooLarge;
      const url = new URL(req.url);
      const recipients = url.searchParams
        .getAll('to')
        .flatMap((t) => t.split(','))
        .map((t) => t.trim())
        .filter(Boolean)
        .slice(0, 50);
      const result = await ingestEmail(getDb(), Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), { recipients, baseUrl: publicOrigin(req) });
      if (result.status === 'refused')
        return Response.json({ ...errorBody(requestId, 'refused', result.reason), status: 'refused' }, { status: result.code === 'too_large' ? 413 : 202 });
      return Response.json({ status: result.status, email_id: String(result.emailId) }, { status: result.status === 'filed' ? 201 : 200 });
    } catch (err) {
      return errorResponse(err, requestId);
    }
  },
});
