import 'server-only';
import postgres from 'postgres';
import { getDatabase } from './db';

// Pushes to browsers across app instances (docs/scaling.md): a change to a user's notifications
// signals PostgreSQL channel `groundwork_notifications` with the user's id at its commit (trigger,
// migration 0047), whichever instance made it. Each process LISTENs once, on a connection of its
// own (DATABASE_DIRECT_URL past a transaction-mode pooler, which cannot hold a LISTEN; the embedded
// database's own listen), and calls the watchers of that user on this process: their open pages.

const CHANNEL = 'groundwork_notifications';

interface Hub {
  watchers: Map<number, Set<() => void>>;
  /** Listening (true), or pushes unavailable here (false: behind a pooler with no direct URL). */
  listening: Promise<boolean> | null;
}

const globalForPush = globalThis as unknown as { __groundworkPush?: Hub };

function signal(hub: Hub, payload: string | undefined) {
  for (const watcher of hub.watchers.get(Number(payload)) ?? []) watcher();
}

async function listen(hub: Hub): Promise<boolean> {
  const database = getDatabase();
  if (database.kind === 'pglite') {
    await database.pglite!.listen(CHANNEL, (payload) => signal(hub, payload));
    return true;
  }
  // Past a transaction-mode pooler only with a direct connection: else the pages poll.
  const url = database.directUrl ?? (database.prepare === false ? undefined : database.url);
  if (!url) return false;
  // postgres.js keeps the LISTEN on a connection of its own and listens again after a reconnect.
  const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5, connection: { application_name: 'groundwork push' } });
  try {
    await client.listen(CHANNEL, (payload) => signal(hub, payload));
    return true;
  } catch (err) {
    console.error('[push] cannot LISTEN; pages will poll:', err instanceof Error ? err.message : err);
    await client.end({ timeout: 1 }).catch(() => {});
    hub.listening = null; // try again at the next watcher
    return false;
  }
}

/**
 * Calls `onChange` whenever `userId`'s notifications change, on any instance. Answers how to stop
 * watching, or null when pushes are not available here (the page polls instead).
 */
export async function watchNotifications(userId: number, onChange: () => void): Promise<(() => void) | null> {
  const hub = (globalForPush.__groundworkPush ??= { watchers: new Map(), listening: null });
  hub.listening ??= listen(hub);
  if (!(await hub.listening)) return null;
  const mine = hub.watchers.get(userId) ?? new Set();
  hub.watchers.set(userId, mine.add(onChange));
  return () => {
    mine.delete(onChange);
    if (mine.size === 0) hub.watchers.delete(userId);
  };
}
