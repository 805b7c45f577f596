import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPublicAddress } from './address-policy';

// One HTTP POST of a delivery: keep-alive agents (a busy endpoint reuses its connections), no
// redirects followed, a 15 s budget for the whole exchange, and the first 1 kB of the answer kept.

export const DELIVERY_TIMEOUT_MS = 15_000;
const EXCERPT_BYTES = 1024;

export interface SendResult {
  status: number | null;
  excerpt: string | null;
  error: string | null;
  durationMs: number;
}

let allowPrivate = () => false;
/** The agents check addresses at connect time with this policy (set by the worker from its settings). */
export function setPrivateAddressPolicy(policy: () => boolean) {
  allowPrivate = policy;
}

const lookup = guardedLookup(() => allowPrivate());
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64, lookup }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64, lookup }),
};

/**
 * An idle keep-alive connection the endpoint closed at the moment it was reused fails with
 * ECONNRESET before anything was sent: that one is tried again at once on a new connection, as
 * Node's documentation advises, rather than counted as a failed attempt.
 */
export async function postJson(target: string, body: string, headers: Record<string, string>): Promise<SendResult> {
  const first = await postOnce(target, body, headers);
  if (!first.staleSocket) return first.result;
  // A connection of its own: the pool's other idle sockets may have been closed at the same moment
  // (a batch's sockets all reach the endpoint's keep-alive timeout together).
  const second = await postOnce(target, body, headers, true);
  return { ...second.result, durationMs: first.result.durationMs + second.result.durationMs };
}

function postOnce(target: string, body: string, headers: Record<string, string>, newConnection = false): Promise<{ result: SendResult; staleSocket: boolean }> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      resolve({ result: { status: null, excerpt: null, error: 'invalid URL', durationMs: 0 }, staleSocket: false });
      return;
    }
    // Connecting to an IP literal skips the lookup, so its check is here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate() && isIP(literal) && !isPublicAddress(literal)) {
      const error = `${literal} is a private address; webhooks may not target it`;
      resolve({ result: { status: null, excerpt: null, error, durationMs: 0 }, staleSocket: false });
      return;
    }
    const transport = url.protocol === 'https:' ? https : http;
    const agent = agents[url.protocol as keyof typeof agents];
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>, staleSocket = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ result: { ...result, durationMs: elapsed() }, staleSocket });
    };
    const req = transport.request(url, {
      method: 'POST',
      // The pool's agent, or a connection of its own (closed after the answer); either checks the
      // address it connects to.
      ...(newConnection ? { agent: false, lookup } : { agent }),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'Groundwork-Webhooks/1.0',
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      req.destroy(new Error(`no response within ${DELIVERY_TIMEOUT_MS / 1000} s`));
    }, DELIVERY_TIMEOUT_MS);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < EXCERPT_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () =>
        finish({
          status: res.statusCode ?? null,
          excerpt: chunks.length ? Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8') : null,
          error: null,
        }),
      );
      res.on('error', (err) => finish({ status: res.statusCode ?? null, excerpt: null, error: err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ status: null, excerpt: null, error: err.message.slice(0, 500) }, req.reusedSocket && err.code === 'ECONNRESET'),
    );
    req.end(body);
  });
}
