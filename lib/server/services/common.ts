import 'server-only';
import type { Db } from '@/db';
import { missingReferences } from '@/db/queries/references';
import type { AccountTable } from '@/db/queries/tenant';
import { insertWebhookMessages } from '@/db/queries/webhook-messages';
import { teamOf, type CallerContext } from '@/lib/server/services/context';
import { validationFailed } from '@/lib/server/services/errors';
import { RESOURCES, type EventResourceKey } from '@/lib/shared/resources';

// Pieces every write service uses: input-to-column mapping, tenant checks of related ids,
// change detection, and the event outbox.

export const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** snake_case API fields to camelCase columns, leaving out omitted (undefined) fields. */
export function toColumns(input: Record<string, unknown>, skip: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && !skip.includes(key)) out[camel(key)] = value;
  }
  return out;
}

/** 422 on each `<relation>_id` that names no record of the caller's account. */
export async function assertReferences(db: Db, ctx: CallerContext, input: Record<string, unknown>, tables: Record<string, AccountTable>): Promise<void> {
  const refs = Object.entries(tables)
    .filter(([field]) => typeof input[field] === 'number')
    .map(([field, table]) => ({ field, table, id: input[field] as number }));
  const missing = await missingReferences(db, ctx.accountId, refs, teamOf(ctx));
  if (missing.length > 0) {
    throw validationFailed(Object.fromEntries(missing.map((f) => [f, ['does not exist']])));
  }
}

/** JSON with object keys sorted, as jsonb stores them, so key order alone is not a change. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (typeof a === 'object' && a !== null) return canonical(a) === canonical(b);
  return a === b;
}

/** The subset of `next` that differs from `current`: an update that changes nothing writes nothing. */
export function changedColumns<T extends Record<string, unknown>>(current: T, next: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) if (!same(current[key], value)) out[key] = value;
  return out as Partial<T>;
}

export type EventResource = EventResourceKey;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export interface EventRecord {
  resource: EventResource;
  /** `merge`: companies and contacts only (docs/merge.md). */
  action: 'create' | 'update' | 'delete' | 'merge';
  id: number;
  path: string;
  changed?: Record<string, unknown>;
  /** An update's changes as the timeline shows them (./change-log.ts). */
  changes?: Record<string, [unknown, unknown]> | null;
  /** More of the payload than the record's id and URL (a merge names its sources). */
  payload?: Record<string, unknown>;
}

/**
 * Records the change's webhook message in the same transaction as the change (outbox), with its
 * audit trail: the acting user, how they were signed in, and an update's changed fields (`changed`:
 * the changed columns, by camelCase name; their API names are stored).
 */
export async function recordEvent(db: Db, ctx: CallerContext, event: EventRecord) {
  await recordEvents(db, ctx, [event]);
}

/** Records several changes of one request (a delete and what it changed elsewhere) in one statement. */
export async function recordEvents(db: Db, ctx: CallerContext, events: EventRecord[]) {
  await insertWebhookMessages(
    db,
    {
      accountId: ctx.accountId,
      actorId: ctx.userId,
      tokenId: ctx.authMethod === 'token' ? (ctx.tokenId ?? null) : null,
      viaImport: ctx.credential.startsWith('import:'),
    },
    events.map((event) => ({
      eventType: `${event.resource}.${event.action}`,
      payload: { id: String(event.id), url: `${ctx.baseUrl}/api/2023-01/${event.path}`, ...event.payload },
      changedFields: event.changed ? Object.keys(event.changed).map(snake).sort() : null,
      changes: event.changes ?? null,
    })),
  );
}

/** The resources whose records have a URL of their own (memberships' carries their project). */
export type PathResource = Exclude<EventResource, 'project_team_membership'>;

export const resourcePath = (resource: PathResource, id: number) => `${RESOURCES[resource].path}/${id}`;

/** The `delete` events of records deleted along with another. */
export const deleteEvents = (resource: PathResource, ids: number[]): EventRecord[] =>
  ids.map((id) => ({ resource, action: 'delete', id, path: resourcePath(resource, id) }));
