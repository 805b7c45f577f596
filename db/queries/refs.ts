import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Column pickers for the embedded shapes of the OpenAPI document (its shared shapes). A list query selects these from joined
// (aliased) tables, so every relation of a page comes from one statement.

interface Base {
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
}
type Pick<T, K extends keyof T> = { [P in K]: T[P] };

export const baseColumns = <T extends Base>(t: T): Pick<T, 'id' | 'createdAt' | 'updatedAt'> => ({
  id: t.id,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

export const namedRefColumns = <T extends Base & { name: AnyPgColumn }>(t: T): Pick<T, 'id' | 'createdAt' | 'updatedAt' | 'name'> => ({
  ...baseColumns(t),
  name: t.name,
});

/** A user, or a contact: both embed as the User reference shape. */
export const personRefColumns = <T extends Base & { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }>(
  t: T,
): Pick<T, 'id' | 'createdAt' | 'updatedAt' | 'firstName' | 'lastName' | 'email'> => ({
  ...baseColumns(t),
  firstName: t.firstName,
  lastName: t.lastName,
  email: t.email,
});

/** A project stage as embedded in projects, listed and reported: its name, category, position and default probability. */
export const stageRefColumns = <T extends Base & { name: AnyPgColumn; category: AnyPgColumn; position: AnyPgColumn; defaultProbability: AnyPgColumn }>(
  t: T,
): Pick<T, 'id' | 'createdAt' | 'updatedAt' | 'name' | 'category' | 'position' | 'defaultProbability'> => ({
  ...namedRefColumns(t),
  category: t.category,
  position: t.position,
  defaultProbability: t.defaultProbability,
});

export const companyRefColumns = <T extends Base & { name: AnyPgColumn; website: AnyPgColumn }>(
  t: T,
): Pick<T, 'id' | 'createdAt' | 'updatedAt' | 'name' | 'website'> => ({ ...namedRefColumns(t), website: t.website });
