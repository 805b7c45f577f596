/** For the Node.js server's start (instrumentation.ts): a bad environment ends the process. */
export async function validateEnvironmentOrExit(): Promise<void> {
  try {
    await import('./env');
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
