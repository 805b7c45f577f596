import 'server-only';

// Server-sent events (text/event-stream), for pushes to the dashboard: a comment line every
// HEARTBEAT_MS keeps proxies from closing an idle stream, and each stream ends after MAX_MS (a
// serverless function's limit; the browser's EventSource reconnects by itself, after `retry`).

const HEARTBEAT_MS = 25_000;
const MAX_MS = 5 * 60_000;
const RETRY_MS = 5_000;

export type Send = (event: string, data: unknown) => void;

/**
 * An event stream: `start` sends the first events and subscribes, answering how to unsubscribe;
 * the stream ends when the client goes away or after MAX_MS.
 */
export function eventStream(req: Request, start: (send: Send) => Promise<(() => void) | null>): Response {
  const encoder = new TextEncoder();
  let stop: (() => void) | null = null;
  let timers: NodeJS.Timeout[] = [];
  let closed = false;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        stop?.();
        for (const t of timers) clearInterval(t);
        timers = [];
        controller.close();
      };
      req.signal.addEventListener('abort', close);
      write(`retry: ${RETRY_MS}\n\n`);
      try {
        stop = await start((event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      } catch (err) {
        close();
        throw err;
      }
      if (closed) stop?.();
      timers = [setInterval(() => write(': ping\n\n'), HEARTBEAT_MS), setTimeout(close, MAX_MS)];
    },
    cancel() {
      closed = true;
      stop?.();
      for (const t of timers) clearInterval(t);
    },
  });
  return new Response(stream, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
  });
}
