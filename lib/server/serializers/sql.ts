import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Relation } from '@/db/queries/to-one-relations';
import type { AddressRow } from './common';

// The shared embedded shapes, built by PostgreSQL, for the serializers whose pages are the largest
// (leads, projects): one `json_build_object` per record, its embedded references as scalar subqueries on
// their foreign keys, so a page of 1,000 leads reaches Node as JSON values instead of 90 decoded
// and mapped columns a row (docs/performance.md). The shapes are those of ./common.ts, key for key
// and in the same order; tests/api/json-shapes.test.ts holds the two together.

/** A field of a JSON object: its key and the SQL of its value. */
export type JsonField = readonly [key: string, value: SQL | AnyPgColumn];

/** `json_build_object('key', value, …)`: keys are constants of ours, written as literals (never parameters). */
export function jsonObject(fields: readonly JsonField[]): SQL {
  // PostgreSQL's functions take at most 100 arguments, two per field: a longer object is two, their
  // texts joined (json keeps its keys in the order written; jsonb's || would sort them).
  if (fields.length > 50) return sql`(left(${jsonObject(fields.slice(0, 50))}::text, -1) || ', ' || right(${jsonObject(fields.slice(50))}::text, -1))::json`;
  return sql`json_build_object(${sql.join(
    fields.map(([key, value]) => {
      if (!/^[a-z0-9_]+$/.test(key)) throw new Error(`json key ${key}: snake_case only`);
      return sql`${sql.raw(`'${key}'`)}, ${value}`;
    }),
    sql`, `,
  )})`;
}

/**
 * JavaScript's `Math.round(x)` for x ≥ 0, on a float8 (`floor(x + 0.5)`): PostgreSQL's own round()
 * of a float8 rounds half to even. Float8 arithmetic is IEEE 754 double, as JavaScript's numbers,
 * so a formula written with it gives the same number the shared TypeScript (lib/shared/domain) does.
 */
export const roundHalfUp = (x: SQL): SQL => sql`floor(${x} + 0.5)`;

/** Cents as dollars (`cents / 100`, a JavaScript number), or null. */
export const dollarsJson = (cents: AnyPgColumn): SQL => sql`${cents}::float8 / 100`;

/** UTC ISO 8601 to the second (`2023-02-14T18:13:00Z`), as `iso()` of the serializers writes it. */
export const isoJson = (column: AnyPgColumn): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

interface BaseColumns {
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
}

/** id (a string), created_at, updated_at. */
export const baseJson = (t: BaseColumns): JsonField[] => [
  ['id', sql`${t.id}::text`],
  ['created_at', isoJson(t.createdAt)],
  ['updated_at', isoJson(t.updatedAt)],
];

/** A name part counts when it has a non-space character; the parts joined by one space, or null (`fullName`). */
const part = (column: AnyPgColumn) => sql`case when ${column} ~ '\\S' then ${column} end`;
export const fullNameJson = (first: AnyPgColumn, last: AnyPgColumn): SQL => sql`nullif(concat_ws(' ', ${part(first)}, ${part(last)}), '')`;

/** Always an object, its fields null when unset (`address()`). */
export const addressJson = (t: { [K in keyof AddressRow]: AnyPgColumn }): SQL =>
  jsonObject([
    ['street_address', t.streetAddress],
    ['street_address2', t.streetAddress2],
    ['city', t.city],
    ['state', t.state],
    ['zip', t.zip],
    ['country', t.country],
  ]);

/**
 * The embedded reference of a relation (./to-one-relations.ts) on the record's foreign key, or
 * null: the User reference for users and contacts, the Company one, a project stage, or a named
 * one, chosen by the columns the relation embeds.
 */
export function refJson(relation: Relation, foreignKey: AnyPgColumn): SQL {
  // An aliased table (two relations to users) is written `"users" "assigned_to"`.
  const target = relation.as ? sql`${relation.table} ${sql.identifier(getTableName(relation.as))}` : sql`${relation.table}`;
  const c = relation.columns as Record<string, AnyPgColumn> & BaseColumns;
  const fields: JsonField[] = [...baseJson(c)];
  if (c.firstName && c.lastName) {
    fields.push(['first_name', c.firstName], ['last_name', c.lastName], ['name', fullNameJson(c.firstName, c.lastName)], ['email', c.email!]);
  } else {
    fields.push(['name', c.name!]);
    if (c.website) fields.push(['website', c.website]);
    // A project stage (`serializeProjectStage`).
    if (c.category) fields.push(['category', c.category], ['position', c.position!], ['default_probability', c.defaultProbability!]);
  }
  return sql`(select ${jsonObject(fields)} from ${target} where ${c.id} = ${foreignKey})`;
}
