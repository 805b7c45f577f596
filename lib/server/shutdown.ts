// Graceful shutdown of the Node.js server (registered from instrumentation.ts).
//
// `next start` and the standalone server.js already handle SIGTERM/SIGINT: they stop accepting
// connections, wait for the requests in flight (server.close), close Next, then call
// process.exit(143). What they do not know about is our own background work: the webhook worker's
// deliveries in flight. So on the signal we stop that work from taking new jobs and wait for it
// (bounded), and hold Next's process.exit until it is done, rather than racing or replacing Next's
// handler. With NEXT_MANUAL_SIG_HANDLE set Next does not exit; then we exit once drained.

/** Longest wait for background work; orchestrators usually kill at 30 s (Kubernetes, Docker). */
export const DRAIN_TIMEOUT_MS = 25_000;

type Task = { name: string; run: () => Promise<void> };

const state = globalThis as unknown as {
  __groundworkShutdown?: { tasks: Task[]; draining: Promise<void> | null };
};

function begin(signal: NodeJS.Signals) {
  const s = state.__groundworkShutdown!;
  if (s.draining) return;
  console.log(`[shutdown] ${signal}: finishing ${s.tasks.map((t) => t.name).join(', ') || 'nothing'} (up to ${DRAIN_TIMEOUT_MS / 1000} s)`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`[shutdown] background work still running after ${DRAIN_TIMEOUT_MS / 1000} s; exiting anyway`);
      resolve();
    }, DRAIN_TIMEOUT_MS);
  });
  const work = Promise.allSettled(
    s.tasks.map((t) =>
      t.run().catch((err: unknown) => {
        console.error(`[shutdown] ${t.name} failed to stop:`, err);
      }),
    ),
  ).then(() => undefined);
  s.draining = Promise.race([work, timeout]).finally(() => {
    clearTimeout(timer);
    console.log('[shutdown] done');
  });
  if (process.env.NEXT_MANUAL_SIG_HANDLE) void s.draining.then(() => process.exit(0));
}

function install() {
  const s = { tasks: [] as Task[], draining: null as Promise<void> | null };
  state.__groundworkShutdown = s;
  process.once('SIGTERM', () => begin('SIGTERM'));
  process.once('SIGINT', () => begin('SIGINT'));
  const exit = process.exit.bind(process);
  // Next calls process.exit once its requests are done; let our background work finish first.
  process.exit = ((code?: number | string | null) => {
    if (!s.draining) return exit(code);
    void s.draining.then(() => exit(code));
    return undefined as never;
  }) as typeof process.exit;
}

/** Runs `run` when the server is asked to stop; the process exits once every such task is done. */
export function onShutdown(name: string, run: () => Promise<void>): void {
  if (!state.__groundworkShutdown) install();
  state.__groundworkShutdown!.tasks.push({ name, run });
}
