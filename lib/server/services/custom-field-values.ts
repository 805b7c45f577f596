import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { fieldsOf, usersOfAccount, type CustomFieldRow } from '@/db/queries/custom-fields';
import type { CustomFieldResource } from '@/db/schema/enums';
import { DATE_MESSAGE, isApiDate, LIMITS } from '@/lib/shared/validation/common';
import type { CustomFieldFilter } from '@/lib/shared/validation/custom-fields';
import type { CallerContext } from './context';
import { validationFailed, type FieldErrors } from './errors';

// A record's `custom_fields` against the account's definitions (docs/custom-fields.md). A resource
// with no definitions keeps the free-form object the specification describes; once an admin defines
// a field for it, its values are typed: unknown keys are refused (the known ones listed), each value
// is checked by its field's type, required fields must have one, and archived fields keep theirs.

/** The value as stored, or the reason it is refused. */
function checkValue(field: CustomFieldRow, v: unknown): { value: unknown } | { error: string } {
  const options = new Set(field.options.map((o) => o.value));
  const choices = () => field.options.map((o) => o.value).join(', ');
  switch (field.fieldType) {
    case 'text':
      return typeof v === 'string' && v.length <= LIMITS.shortText ? { value: v } : { error: `must be text of at most ${LIMITS.shortText} characters` };
    case 'long_text':
      return typeof v === 'string' && v.length <= LIMITS.longText ? { value: v } : { error: `must be text of at most ${LIMITS.longText} characters` };
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? { value: v } : { error: 'must be a number' };
    case 'currency':
      return typeof v === 'number' && Number.isSafeInteger(v) ? { value: v } : { error: 'must be an amount in whole cents' };
    case 'date':
      return isApiDate(v) ? { value: v } : { error: DATE_MESSAGE };
    case 'boolean':
      return typeof v === 'boolean' ? { value: v } : { error: 'must be true or false' };
    case 'select':
      return typeof v === 'string' && options.has(v) ? { value: v } : { error: `must be one of: ${choices()}` };
    case 'multi_select':
      return Array.isArray(v) && v.every((x) => typeof x === 'string' && options.has(x))
        ? { value: [...new Set(v as string[])] }
        : { error: `must be a list of: ${choices()}` };
    case 'user':
      return typeof v === 'string' && /^[1-9][0-9]{0,15}$/.test(v) ? { value: v } : { error: 'must be the id of a user (a string of digits)' };
    case 'url': {
      if (typeof v !== 'string' || v.length > LIMITS.url) return { error: 'must be an http or https URL' };
      try {
        const url = new URL(v);
        return url.protocol === 'http:' || url.protocol === 'https:' ? { value: v } : { error: 'must be an http or https URL' };
      } catch {
        return { error: 'must be an http or https URL' };
      }
    }
  }
}

const knownKeys = (fields: CustomFieldRow[]) => fields.filter((f) => !f.archived).map((f) => f.key);

/** The values to store, the refusals by field (`custom_fields.<key>`), and the user ids named (to check they are the account's). */
export interface CheckedValues {
  values: Record<string, unknown>;
  errors: FieldErrors;
  users: { key: string; id: number }[];
}

/**
 * The checks that need no database: `given` against the resource's `fields` for a record being
 * created (`current` undefined) or updated. Imports run it on a batch's rows with the fields read
 * once; `customFieldValues` for one record.
 */
export function checkCustomFields(
  fields: CustomFieldRow[],
  resource: CustomFieldResource,
  given: Record<string, unknown> | null | undefined,
  current?: Record<string, unknown>,
): CheckedValues {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const errors: FieldErrors = {};
  const fail = (key: string, message: string) => (errors[`custom_fields.${key}`] ??= []).push(message);
  // Archived fields keep their values: an update that leaves them out (as forms, which hide them, do) keeps them.
  const values: Record<string, unknown> = {};
  for (const f of fields) if (f.archived && current?.[f.key] !== undefined) values[f.key] = current[f.key];
  const users: { key: string; id: number }[] = [];
  for (const [key, v] of Object.entries(given ?? {})) {
    const field = byKey.get(key);
    if (!field) {
      // A value kept from before the resource had definitions comes back as it was (a form sends it
      // unchanged); a new or changed one is refused.
      if (current?.[key] !== undefined && JSON.stringify(current[key]) === JSON.stringify(v)) values[key] = v;
      else fail(key, `is not a field of ${resource}; its fields are: ${knownKeys(fields).join(', ') || 'none'}`);
      continue;
    }
    if (v === null) {
      delete values[key];
      continue;
    }
    if (field.archived) {
      if (JSON.stringify(current?.[key]) !== JSON.stringify(v)) fail(key, 'is archived: it keeps its values and takes no new ones');
      continue;
    }
    const checked = checkValue(field, v);
    if ('error' in checked) fail(key, checked.error);
    else {
      values[key] = checked.value;
      if (field.fieldType === 'user') users.push({ key, id: Number(checked.value) });
    }
  }
  for (const f of fields) if (f.required && !f.archived && values[f.key] === undefined && !errors[`custom_fields.${f.key}`]) fail(f.key, 'is required');
  return { values, errors, users };
}

/**
 * The `custom_fields` to store for a record being created (`current` undefined) or updated, or
 * undefined when an update leaves them alone. One statement for the definitions, one more when
 * user fields name users. Refusals are 422s on `custom_fields.<key>`.
 */
export async function customFieldValues(
  db: Db,
  ctx: CallerContext,
  resource: CustomFieldResource,
  given: Record<string, unknown> | null | undefined,
  current?: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  if (given === undefined && current !== undefined) return undefined;
  const fields = await fieldsOf(db, ctx.accountId, resource);
  if (fields.length === 0) return given ?? {};
  const { values, errors, users } = checkCustomFields(fields, resource, given, current);
  if (users.length) {
    const found = await usersOfAccount(
      db,
      ctx.accountId,
      users.map((u) => u.id),
    );
    for (const u of users) if (!found.has(u.id)) (errors[`custom_fields.${u.key}`] ??= []).push('is not a user of the account');
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return values;
}

const RANGES = { gte: '>=', lte: '<=', gt: '>', lt: '<' } as const;

/**
 * A list's custom-field filters as SQL on `column`: equality as containment (`@>`, which the GIN
 * index serves), ranges on number, currency and date fields. Unknown keys and values the field
 * cannot hold are 422s on `custom_fields[<key>]`. Undefined without filters (no statement).
 */
export async function customFieldConditions(
  db: Db,
  ctx: CallerContext,
  resource: CustomFieldResource,
  filters: CustomFieldFilter[],
  column: AnyPgColumn,
): Promise<SQL[] | undefined> {
  if (filters.length === 0) return undefined;
  const fields = new Map((await fieldsOf(db, ctx.accountId, resource)).map((f) => [f.key, f]));
  const errors: FieldErrors = {};
  const conditions: SQL[] = [];
  for (const f of filters) {
    const name = `custom_fields[${f.key}]${f.op === 'eq' ? '' : `[${f.op}]`}`;
    const field = fields.get(f.key);
    if (!field) {
      errors[name] = [`is not a field of ${resource}; its fields are: ${[...fields.keys()].join(', ') || 'none'}`];
      continue;
    }
    const numeric = field.fieldType === 'number' || field.fieldType === 'currency';
    const raw: unknown = numeric
      ? f.value.trim() === ''
        ? NaN
        : Number(f.value)
      : field.fieldType === 'boolean'
        ? ({ true: true, false: false } as Record<string, boolean>)[f.value]
        : f.value;
    if (f.op !== 'eq') {
      if (!numeric && field.fieldType !== 'date') {
        errors[name] = ['ranges apply to number, currency and date fields'];
        continue;
      }
      if (numeric ? !Number.isFinite(raw) : !isApiDate(raw)) {
        errors[name] = [numeric ? 'must be a number' : DATE_MESSAGE];
        continue;
      }
      const value = sql`${column} -> ${f.key}::text`;
      conditions.push(
        numeric
          ? sql`(case when jsonb_typeof(${value}) = 'number' then (${column} ->> ${f.key}::text)::numeric end) ${sql.raw(RANGES[f.op])} ${String(raw)}::numeric`
          : sql`(case when jsonb_typeof(${value}) = 'string' then ${column} ->> ${f.key}::text end) ${sql.raw(RANGES[f.op])} ${String(raw)}`,
      );
      continue;
    }
    const checked = field.fieldType === 'multi_select' ? checkValue(field, [raw]) : checkValue(field, raw);
    if ('error' in checked) {
      errors[name] = [checked.error];
      continue;
    }
    conditions.push(sql`${column} @> ${JSON.stringify({ [f.key]: checked.value })}::jsonb`);
  }
  if (Object.keys(errors).length) throw validationFailed(errors, 'The query has invalid parameters.');
  return conditions;
}
