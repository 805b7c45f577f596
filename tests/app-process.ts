import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stampPeerAddresses } from '@/lib/server/security/client-address';
import { rawAppFetch } from './oauth';

// One app process for tests that need several (tests/api/rate-limit.test.ts, tests/scale/): the
// real route handlers (the API, /api/auth, the OAuth endpoints) behind node:http, configured by
// the environment it starts with (DATABASE_URL, API_RATE_LIMIT…), as `next start` would serve
// them. Prints `listening <port>` when ready.

// As instrumentation.ts does at the server's start.
stampPeerAddresses();

const server = http.createServer(async (req, res) => {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    // A client that goes away aborts the request (an event stream then ends).
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    const response = await rawAppFetch(
      new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        signal: gone.signal,
      }),
    );
    const out: Record<string, string | string[]> = Object.fromEntries(response.headers);
    // Each cookie a header of its own (joined, a browser would read one).
    if (response.headers.getSetCookie().length > 0) out['set-cookie'] = response.headers.getSetCookie();
    res.writeHead(response.status, out);
    // Streamed as it comes (an event stream never ends by itself).
    const reader = response.body?.getReader();
    for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) res.write(part.value);
    res.end();
  } catch (err) {
    console.error(err);
    res.writeHead(500).end();
  }
});

server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
