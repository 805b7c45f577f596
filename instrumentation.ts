// Runs once when the server starts: validate the environment then, so a missing or bad variable
// (BETTER_AUTH_SECRET in production, a malformed DATABASE_URL) stops the server with a message
// naming it instead of failing every request; stamp requests with their peer's address; then start
// the webhook delivery worker, which registers with lib/server/shutdown.ts so SIGTERM lets its deliveries
// in flight finish.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { validateEnvironmentOrExit } = await import('@/lib/server/env-startup');
    await validateEnvironmentOrExit();
    // Every request carries its TCP peer's address from here on (the rate limits, the sign-in throttle).
    const { stampPeerAddresses } = await import('@/lib/server/security/client-address');
    stampPeerAddresses();
    // TRACE and other methods Next.js cannot represent: a JSON 405 instead of its 500.
    const { refuseUnservedMethods } = await import('@/lib/server/http/unsupported-methods');
    refuseUnservedMethods();
    if (process.env.NEXT_PHASE !== 'phase-production-build') {
      // `next dev` on the embedded database serves it to the npm scripts (lib/server/dev-database-server.ts).
      if (process.env.NODE_ENV === 'development') {
        const { startDevDatabaseServer } = await import('@/lib/server/dev-database-server');
        await startDevDatabaseServer();
      }
      const { startServerJobWorker } = await import('@/lib/server/jobs/server-worker');
      await startServerJobWorker();
    }
  }
}
