import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP endpoint on 127.0.0.1 for webhook tests: records every request and answers with
// the statuses it is told to (200 once the script runs out).

export interface Received {
  headers: Record<string, string>;
  body: string;
  at: number;
  path: string;
}

export interface Receiver {
  url: (path?: string) => string;
  received: Received[];
  /** Statuses to answer, per path, in order; then 200. */
  script: (path: string, statuses: number[]) => void;
  /** Milliseconds to wait before answering. */
  delayMs: number;
  on: (path: string) => Received[];
  waitFor: (predicate: () => boolean, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const scripts = new Map<string, number[]>();
  const state = { delayMs: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        path,
      });
      const status = scripts.get(path)?.shift() ?? 200;
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status === 200 ? 'ok' : `failure ${status}`);
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    script: (path, statuses) => scripts.set(path, [...statuses]),
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    on: (path) => received.filter((r) => r.path === path),
    waitFor: async (predicate, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error('timed out waiting for webhook deliveries');
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
