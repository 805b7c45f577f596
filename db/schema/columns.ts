import { sql, type SQL } from 'drizzle-orm';
import { bigint, index, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Shared column builders. Every table of the API has a bigint identity id, a tenant column and
// the two timestamps the spec puts on every record.

export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const timestamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** A nullable bigint foreign key; deleting the target clears the reference. */
export const ref = (name: string, target: () => AnyPgColumn) => bigint(name, { mode: 'number' }).references(target, { onDelete: 'set null' });

/** A required bigint foreign key to the row this one belongs to; deleting that row deletes this one. */
export const parentRef = (name: string, target: () => AnyPgColumn) => bigint(name, { mode: 'number' }).notNull().references(target, { onDelete: 'cascade' });

/** The Address shape of the spec, stored inline as six nullable columns. */
export const addressColumns = () => ({
  streetAddress: text('street_address'),
  streetAddress2: text('street_address2'),
  city: text('city'),
  state: text('state'),
  zip: text('zip'),
  country: text('country'),
});

/** An index on each column, named `<table>_<column>_idx`: a foreign key's referrers are found without a scan. */
export const columnIndexes = (table: string, ...columns: AnyPgColumn[]) => columns.map((column) => index(`${table}_${column.name}_idx`).on(column));

/** `column IN (...)` over a closed set, for CHECK constraints. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}
