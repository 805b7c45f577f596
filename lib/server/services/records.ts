import 'server-only';
import type { Db } from '@/db';
import { PgTransaction, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { clearReferences } from '@/db/queries/references';
import type { TeamOf } from '@/db/queries/project-access';
import { deleteRow, insertRow, lockRow, updateRow, type AccountTable } from '@/db/queries/tenant';
import {
  assertReferences,
  camel,
  changedColumns,
  deleteEvents,
  recordEvent,
  recordEvents,
  resourcePath,
  type EventRecord,
  type EventResource,
  type PathResource,
} from './common';
import { notFound } from '@/lib/server/services/errors';
import type { CustomFieldResource } from '@/db/schema/enums';
import { fieldChanges } from './change-log';
import { notifyAssigned } from './notify';
import { customFieldValues } from './custom-field-values';
import { lockForWrite } from '@/lib/server/services/preconditions';
import { teamOf, type CallerContext } from '@/lib/server/services/context';
import { RESOURCES } from '@/lib/shared/resources';
import { pageWindow, toPage, type Page, type PageQuery } from '@/lib/server/services/paging';
import { deleteCommentsOn } from '@/db/queries/comments';
import { deleteRemindersOn } from '@/db/queries/reminders';
import { deleteDocumentsOn } from '@/db/queries/documents';
import { unlinkRecord } from '@/db/queries/emails';
import { emptyTrash } from '@/lib/server/storage/sweep';
import { ATTACHABLE_TYPES, COMMENTABLE_TYPES, type AttachableType, type CommentableType } from '@/db/schema/enums';

// The write skeleton of the CRM's records: create, update and delete each run one sequence —
// lock, If-Match, references, changed columns, write, event, read back — in one transaction. A
// resource describes itself once (`RecordKind`); its service keeps only its own rules.

/**
 * How a resource is read, written and answered. Its `resource` is its event resource, the key of
 * its single-record answers (and ETags) and its URL, `<path>/<id>`; its label comes from its
 * descriptor (lib/shared/resources.ts). A record whose URL names more than its id (a membership's,
 * its project) gives its `path`. A record of the account's configuration (an OAuth application)
 * records no webhook event: it names its answers' key and label, and its `sink` tells of its
 * writes (the security log).
 */
export type RecordKind<Row, Out extends object> = RecordKindBase<Row, Out> &
  (
    | { resource: PathResource; path?: undefined; sink?: undefined }
    | {
        resource: Exclude<EventResource, PathResource>;
        /** Its URL, from its id and its row's columns. */
        path(id: number, columns: Record<string, unknown>): string;
        sink?: undefined;
      }
    | { resource: string; label: string; sink: WriteSink<Row, Out>; path?: undefined }
  );

/** Where a configuration record's writes are told, in their transaction, instead of webhook events. */
export interface WriteSink<Row, Out extends object> {
  created(tx: Db, ctx: CallerContext, id: number, answer: Out): Promise<void>;
  /**
   * `before` and `after` as the record's GET answers them; `current`, the row read before the
   * change; `changes`, the changed columns and what `related` wrote.
   */
  updated(tx: Db, ctx: CallerContext, id: number, change: { before: Out; after: Out; current: Row; changes: Record<string, unknown> }): Promise<void>;
  /** None for a record that is never deleted (a user is deactivated instead). */
  deleted?(tx: Db, ctx: CallerContext, id: number, current: Row): Promise<void>;
}

const labelOf = <Row, Out extends object>(kind: RecordKind<Row, Out>): string => (kind.sink === undefined ? RESOURCES[kind.resource].label : kind.label);

interface RecordKindBase<Row, Out extends object> {
  table: AccountTable;
  /** `<relation>_id` fields and the tables they must name a record of, in the caller's account (422 otherwise). */
  references?: Record<string, AccountTable>;
  /**
   * The record with every embed, as its GET answers it; `lock`: its own row locked (FOR UPDATE);
   * `teamOf`: only if it is one the user sees (records of projects, for project access `team`).
   */
  read(db: Db, accountId: number, id: number, lock?: boolean, teamOf?: TeamOf): Promise<Row | undefined>;
  /** The record as its GET answers it, without the columns a write compares (a lighter read); else `read` and `serialize`. */
  get?(db: Db, accountId: number, id: number, teamOf?: TeamOf): Promise<Out | undefined>;
  /** The bare columns within a read row, which updates compare against. */
  columns(row: Row): Record<string, unknown>;
  serialize(row: Row): Out;
  /**
   * Writes the row's changes and answers the record as its GET does, in one statement (UPDATE …
   * RETURNING the answer); without it an update writes, then reads the record back.
   */
  write?(db: Db, accountId: number, id: number, values: Record<string, unknown>): Promise<Out>;
  /** Its `custom_fields` are checked against the account's definitions for this resource (docs/custom-fields.md). */
  customFields?: CustomFieldResource;
  /**
   * Who may change or delete a record they see (throws a 403 otherwise: a shared saved view is its
   * owner's and the admins'). With it, a delete locks the record through `read`, which decides who
   * sees it, never by its bare row.
   */
  mayChange?(ctx: CallerContext, row: Row): void;
  /**
   * Its `read` narrows the account further (a membership under the project its URL names): a
   * delete locks the record through it too, never by its bare row.
   */
  narrowed?: boolean;
}

/** A record's URL in its events (a kind with a sink has none). */
function pathOf<Row, Out extends object>(kind: RecordKind<Row, Out> & { sink?: undefined }, id: number, columns: Record<string, unknown>) {
  return kind.path === undefined ? resourcePath(kind.resource, id) : kind.path(id, columns);
}

export async function getRecord<Row, Out extends object>(db: Db, ctx: CallerContext, kind: RecordKind<Row, Out>, id: number): Promise<Out> {
  if (kind.get) {
    const answer = await kind.get(db, ctx.accountId, id, teamOf(ctx));
    if (!answer) throw notFound(labelOf(kind));
    return answer;
  }
  const row = await kind.read(db, ctx.accountId, id, false, teamOf(ctx));
  if (!row) throw notFound(labelOf(kind));
  return kind.serialize(row);
}

/** A list statement of a resource: its page of rows and their total, for the account. */
type ListStatement<Filters, Row> = (
  db: Db,
  accountId: number,
  filters: Filters,
  page: { limit: number; offset: number },
) => Promise<{ items: Row[]; total: number }>;

/**
 * A resource's two reads, as every record answers them: its list (the statement's page, each row
 * serialized as its GET would) and its GET. `team`: the list shows only the records of projects the
 * caller sees (project access `team`).
 */
export function recordReads<Row, Out extends object, Filters>(
  kind: RecordKind<Row, Out>,
  statement: ListStatement<Filters, Row>,
  options: { team?: boolean } = {},
) {
  return {
    list: async (db: Db, ctx: CallerContext, query: Filters & PageQuery): Promise<Page<Out>> =>
      toPage(query, await statement(db, ctx.accountId, options.team ? { ...query, teamOf: teamOf(ctx) } : query, pageWindow(query)), kind.serialize),
    get: (db: Db, ctx: CallerContext, id: number): Promise<Out> => getRecord(db, ctx, kind, id),
  };
}

/** Inserts a record with its `create` event; `values` builds the row inside the transaction. */
export async function createRecord<Row, Out extends object>(
  db: Db,
  ctx: CallerContext,
  kind: RecordKind<Row, Out>,
  input: Record<string, unknown>,
  values: (tx: Db) => Promise<Record<string, unknown>> | Record<string, unknown>,
  after?: (tx: Db, id: number) => Promise<void>,
): Promise<Out> {
  return db.transaction(async (tx) => {
    await assertReferences(tx, ctx, input, kind.references ?? {});
    const row: Record<string, unknown> = { ...(await values(tx)), accountId: ctx.accountId };
    if (kind.customFields)
      row.customFields = await customFieldValues(tx, ctx, kind.customFields, input.custom_fields as Record<string, unknown> | null | undefined);
    const id = await insertRow(tx, kind.table, row);
    if (after) await after(tx, id);
    if (kind.sink !== undefined) {
      const answer = await getRecord(tx, ctx, kind, id);
      await kind.sink.created(tx, ctx, id, answer);
      return answer;
    }
    await recordEvent(tx, ctx, { resource: kind.resource, action: 'create', id, path: pathOf(kind, id, row) });
    if (isCommentable(kind.resource) && !viaImport(ctx)) await notifyAssigned(tx, ctx, kind.resource, id, row.assignedToId);
    return getRecord(tx, ctx, kind, id);
  });
}

/** A resource's own rules for an update. */
export interface UpdateRules<Row> {
  /** Before the row is locked (a lock that must come first, as the manager tree's). */
  before?: (tx: Db) => Promise<void>;
  /** The columns the input asks for, given the current record (validations that need it throw here). */
  columns: (current: Row, tx: Db) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Checks and additions once the changes are known (a stage entered now, a manager cycle). */
  changed?: (changes: Record<string, unknown>, current: Row, tx: Db) => Promise<void> | void;
  /**
   * Writes beyond the row's columns (industries, roles): what changed, by field, or nothing. The
   * row's updated_at is bumped when only these change.
   */
  related?: (current: Row, tx: Db) => Promise<Record<string, unknown> | null>;
  /** More events the update causes (tasks moved with their list). */
  after?: (changes: Record<string, unknown>, tx: Db) => Promise<EventRecord[]>;
}

/**
 * The update sequence. The record is read once, with its joins and its row locked, for the
 * comparison of `If-Match` and of the columns; a PATCH that changes nothing writes nothing and
 * answers that read (no second read, the ETag computed once); otherwise the row is written and
 * answered in one statement (`RecordKind.write`; else written, then read back), and the event recorded.
 */
export async function updateRecord<Row, Out extends object>(
  db: Db,
  ctx: CallerContext,
  kind: RecordKind<Row, Out>,
  id: number,
  input: Record<string, unknown>,
  rules: UpdateRules<Row>,
): Promise<Out> {
  return db.transaction(async (tx) => {
    if (rules.before) await rules.before(tx);
    const current = await lockForWrite(ctx.ifMatch, {
      key: kind.resource,
      label: labelOf(kind),
      lock: () => kind.read(tx, ctx.accountId, id, true, teamOf(ctx)),
      answer: kind.serialize,
    });
    kind.mayChange?.(ctx, current);
    const answer = kind.serialize(current);
    await assertReferences(tx, ctx, input, kind.references ?? {});
    const next = await rules.columns(current, tx);
    if (kind.customFields) {
      const stored = (kind.columns(current).customFields ?? {}) as Record<string, unknown>;
      const values = await customFieldValues(tx, ctx, kind.customFields, input.custom_fields as Record<string, unknown> | null | undefined, stored);
      if (values === undefined) delete next.customFields;
      else next.customFields = values;
    }
    const changes: Record<string, unknown> = changedColumns(kind.columns(current), next);
    if (rules.changed && Object.keys(changes).length > 0) await rules.changed(changes, current, tx);
    const related = rules.related ? await rules.related(current, tx) : null;
    if (Object.keys(changes).length === 0 && !related) return answer;
    // Set explicitly: a change of related rows alone touches no column of the row itself.
    const values = { ...changes, updatedAt: new Date() };
    const written = kind.write ? await kind.write(tx, ctx.accountId, id, values) : await updateRow(tx, kind.table, ctx.accountId, id, values);
    const after = written ?? (await getRecord(tx, ctx, kind, id));
    const changed = { ...changes, ...related };
    const more = rules.after ? await rules.after(changes, tx) : [];
    if (kind.sink !== undefined) {
      await kind.sink.updated(tx, ctx, id, { before: answer, after, current, changes: changed });
      if (more.length > 0) await recordEvents(tx, ctx, more);
      return after;
    }
    const events: EventRecord[] = [
      { resource: kind.resource, action: 'update', id, path: pathOf(kind, id, kind.columns(current)), changed, changes: fieldChanges(changed, answer, after) },
      ...more,
    ];
    await recordEvents(tx, ctx, events);
    if ('assignedToId' in changes && isCommentable(kind.resource) && !viaImport(ctx)) await notifyAssigned(tx, ctx, kind.resource, id, changes.assignedToId);
    return after;
  });
}

const isCommentable = (resource: string): resource is CommentableType => (COMMENTABLE_TYPES as readonly string[]).includes(resource);

/** An import's writes tell no one: a re-import that reassigns 5,000 leads sends no 5,000 notifications. */
const viaImport = (ctx: CallerContext) => ctx.credential.startsWith('import:');

/** A column of another resource's table that names the record being deleted. */
export interface Reference {
  resource: PathResource;
  table: AccountTable & { updatedAt: AnyPgColumn };
  column: AnyPgColumn;
}

/** What a delete does to other records, beyond the row itself. */
export interface DeleteEffects<Row = unknown> {
  /** Refuses the delete (throws), given the record as its GET reads it (a list value still in use). */
  check?: (current: Row) => void;
  /** References to clear (the rows keep existing without it). */
  references?: Reference[];
  /** Deletes what goes with it; their `delete` (or `update`) events. */
  dependents?: (tx: Db) => Promise<EventRecord[]>;
}

/**
 * A delete that changes other records tells about each one: in its transaction, after the row
 * is locked (so no new reference to it can be written meanwhile: that waits, then fails its
 * foreign key) and `If-Match` holds, every reference to it is cleared (one statement per table,
 * each row's updated_at bumped), `dependents` deletes what goes with it (returning their `delete`
 * events), then the row itself, and one statement records its `delete`, the dependents' and an
 * `update` of every record whose reference was cleared (that field as the changed one).
 */
export async function deleteRecord<Row, Out extends object>(
  db: Db,
  ctx: CallerContext,
  kind: RecordKind<Row, Out>,
  id: number,
  effects: DeleteEffects<Row> = {},
): Promise<void> {
  const { resource } = kind;
  const documents = await db.transaction(async (tx) => {
    // With If-Match, for a caller who sees only some projects, or for a record only some see (or
    // only under its URL's parent), the record as its GET answers it (its row locked) to compare or
    // to check they see it; else the bare lock.
    // A sink tells of the record deleted from its read too, and a check decides on it.
    const read = Boolean(ctx.ifMatch || teamOf(ctx) !== undefined || kind.mayChange || kind.narrowed || kind.sink || effects.check);
    const current = await lockForWrite<unknown>(ctx.ifMatch, {
      key: resource,
      label: labelOf(kind),
      lock: () => (read ? kind.read(tx, ctx.accountId, id, true, teamOf(ctx)) : lockRow(tx, kind.table, ctx.accountId, id)),
      answer: (current) => kind.serialize(current as Row),
    });
    kind.mayChange?.(ctx, current as Row);
    effects.check?.(current as Row);
    const columns = read ? kind.columns(current as Row) : (current as Record<string, unknown>);
    const events: EventRecord[] = kind.sink === undefined ? [{ resource: kind.resource, action: 'delete', id, path: pathOf(kind, id, columns) }] : [];
    for (const ref of effects.references ?? []) {
      const changed = { [camel(ref.column.name)]: null };
      for (const rowId of await clearReferences(tx, ref.table, ref.column, ctx.accountId, id)) {
        events.push({ resource: ref.resource, action: 'update', id: rowId, path: resourcePath(ref.resource, rowId), changed });
      }
    }
    if (effects.dependents) events.push(...(await effects.dependents(tx)));
    // The record's comments and reminders go with it (they name it by type and id, without a foreign key).
    if (isCommentable(resource)) {
      events.push(...deleteEvents('comment', await deleteCommentsOn(tx, ctx.accountId, resource, id)));
      events.push(...deleteEvents('reminder', await deleteRemindersOn(tx, ctx.accountId, resource, id)));
    }
    // Its documents too (their bytes queued, removed once this commits).
    const documents = isAttachable(resource) ? await deleteDocumentsOn(tx, ctx.accountId, resource, id) : [];
    events.push(...deleteEvents('document', documents));
    // Emails filed on it are filed on it no more (they stay wherever else they are, and their sender's).
    if (isAttachable(resource)) await unlinkRecord(tx, ctx.accountId, resource, id);
    await deleteRow(tx, kind.table, ctx.accountId, id);
    if (kind.sink?.deleted) await kind.sink.deleted(tx, ctx, id, current as Row);
    if (events.length > 0) await recordEvents(tx, ctx, events);
    return documents.length;
  });
  // Their bytes go once the delete has committed: now, unless it runs inside a larger transaction
  // (an import's undo) that may still roll back — then the hourly sweep removes them.
  if (documents > 0 && !(db instanceof PgTransaction)) await emptyTrash(db);
}

const isAttachable = (resource: string): resource is AttachableType => (ATTACHABLE_TYPES as readonly string[]).includes(resource);
