import './zod-config';
import { z } from 'zod';

// Building blocks of the request and response schemas. Field length limits live here so the
// validation and the OpenAPI document state the same bounds.

export const LIMITS = {
  shortText: 255,
  longText: 20_000,
  url: 2_048,
  maxInt: 2_147_483_647,
  /** Entries of a custom_fields object, and values of a repeatable query parameter. */
  entries: 100,
} as const;

export const shortText = z.string().max(LIMITS.shortText);
export const longText = z.string().max(LIMITS.longText);
export const urlText = z.string().max(LIMITS.url);
/** A required name: not blank, trimmed. */
export const name = z.string().trim().min(1, "can't be blank").max(LIMITS.shortText);

/** A related record's id: a string of digits (a JSON integer is accepted too). */
export const relationId = z
  .union([z.string().regex(/^[1-9][0-9]{0,15}$/, 'must be an id (a string of digits)'), z.number().int().positive()])
  .transform((v) => Number(v))
  .refine((v) => Number.isSafeInteger(v), 'must be an id (a string of digits)')
  .meta({ description: 'Id of a related record (a string of digits).' });

/** `<relation>_id` fields, in the order given: each a related record's id, or null to clear it. */
export function nullableIds<const K extends string>(...relations: K[]) {
  return Object.fromEntries(relations.map((relation) => [`${relation}_id`, relationId.nullable()])) as {
    [R in K as `${R}_id`]: z.ZodNullable<typeof relationId>;
  };
}

// ---- dates, months and timestamps ----
// Every date, month and timestamp the API takes, in a body or a query, has a year from 1900 to
// 2200 (docs/api.md#dates-and-times): outside it JavaScript's Date and PostgreSQL disagree (years
// 0–99 read as 1900–1999, year 0 does not exist) and no construction record needs one. The three
// patterns below are the one check: the validators are these regular expressions, and the OpenAPI
// document shows the same ones, so a client can read the range off the schema.

export const YEARS = { min: 1900, max: 2200 } as const;
const YEAR = '(?:19\\d\\d|2[01]\\d\\d|2200)';
/** February 29th of the leap years of the range: every fourth year but 1900, 2100 and 2200. */
const LEAP_DAY = '(?:(?:19|2[01])(?:0[48]|[2468][048]|[13579][26])|2000)-02-29';
const DAY = `(?:${LEAP_DAY}|${YEAR}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8])))`;
/** RFC 3339: seconds required, any fraction, `Z` or an offset (what zod's `z.iso.datetime({offset: true})` takes). */
const TIME = 'T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)';

/** A real calendar day, YYYY-MM-DD, of a year from 1900 to 2200. */
export const DATE_PATTERN = new RegExp(`^${DAY}$`);
/** A month, YYYY-MM, of a year from 1900 to 2200. */
export const MONTH_PATTERN = new RegExp(`^${YEAR}-(?:0[1-9]|1[0-2])$`);
/** An ISO 8601 date-time with `Z` or an offset, its date as DATE_PATTERN's. */
export const TIMESTAMP_PATTERN = new RegExp(`^${DAY}${TIME}$`);
/** The instants a timestamp may name, whatever its offset: 1900-01-01T00:00:00Z up to 2201-01-01T00:00:00Z (excluded). */
const EARLIEST = Date.UTC(YEARS.min, 0, 1);
const AFTER_LATEST = Date.UTC(YEARS.max + 1, 0, 1);

export const DATE_MESSAGE = `must be a date from ${YEARS.min}-01-01 to ${YEARS.max}-12-31 (YYYY-MM-DD)`;
const TIMESTAMP_MESSAGE = `must be a date-time (ISO 8601 with Z or an offset) from ${YEARS.min} to ${YEARS.max}`;

/** Whether `text` is a day the API takes (for values checked outside zod: custom fields, import cells). */
export const isApiDate = (text: unknown): text is string => typeof text === 'string' && DATE_PATTERN.test(text);

/** ISO 8601 calendar date, YYYY-MM-DD, from 1900-01-01 to 2200-12-31. */
export const date = z.string().regex(DATE_PATTERN, DATE_MESSAGE).meta({ format: 'date', example: '2023-02-14' });

/** A month, YYYY-MM, from 1900-01 to 2200-12. */
export const month = z.string().regex(MONTH_PATTERN, `must be a month from ${YEARS.min}-01 to ${YEARS.max}-12 (YYYY-MM)`).meta({ example: '2023-02' });

/**
 * ISO 8601 date-time with Z or an offset, from 1900 to 2200 (as written, and as an instant in
 * UTC), as a Date. `error` words the refusal of a value that is not a string (calls: of a null).
 */
export function timestampOf(error?: (issue: { input: unknown }) => string | undefined) {
  return z
    .string(error ? { error } : undefined)
    .regex(TIMESTAMP_PATTERN, TIMESTAMP_MESSAGE)
    .meta({ format: 'date-time', example: '2023-02-14T18:13:00Z' })
    .transform((v) => new Date(v))
    .refine((d) => d.getTime() >= EARLIEST && d.getTime() < AFTER_LATEST, TIMESTAMP_MESSAGE);
}
export const timestamp = timestampOf();

export const nonNegativeInt = z.number().int().min(0).max(LIMITS.maxInt);

/** Money in integer cents; exact up to 10^15 cents. */
export const cents = z.number().int().min(0).max(1e15);

export const customFields = z
  .record(z.string().max(LIMITS.shortText), z.json())
  .refine((o) => Object.keys(o).length <= LIMITS.entries, `must have at most ${LIMITS.entries} entries`)
  .meta({
    description: `Free-form object of at most ${LIMITS.entries} entries; replaced as a whole on update.`,
    maxProperties: LIMITS.entries,
  });

export const addressInput = z
  .object({
    street_address: shortText.nullable(),
    street_address2: shortText.nullable(),
    city: shortText.nullable(),
    state: shortText.nullable(),
    zip: shortText.nullable(),
    country: shortText.nullable(),
  })
  .partial()
  .meta({ description: 'Given sub-fields are set; omitted ones keep their values; null clears one.' });

type Optional<S extends z.ZodRawShape> = { -readonly [K in keyof S]: z.ZodOptional<S[K]> };
type RequiredIn<S extends z.ZodRawShape, M> = {
  -readonly [K in keyof S]: K extends keyof M ? z.ZodNonOptional<z.ZodOptional<S[K]>> : z.ZodOptional<S[K]>;
};

/**
 * A resource's two bodies from one set of fields, named `<id>Create` and `<id>Update` in the OpenAPI
 * document: the POST body, every field optional but the `required` ones, and the PATCH body, any
 * subset (null clears a nullable field). `check` (fields checked together) runs on both.
 */
export function writeBodies<S extends z.ZodRawShape, M extends { [K in keyof S]?: true }>(
  id: string,
  fields: S,
  required: M,
  check?: (body: z.output<z.ZodObject<Optional<S>>>, ctx: z.RefinementCtx) => void,
) {
  const create = z
    .object(fields)
    .partial()
    .required(required as never) as unknown as z.ZodObject<RequiredIn<S, M>>;
  const update = z.object(fields).partial() as unknown as z.ZodObject<Optional<S>>;
  return {
    // The POST body's output is the PATCH body's with some fields present: `check` takes both.
    create: (check ? create.superRefine(check as never) : create).meta({ id: `${id}Create` }),
    update: (check ? update.superRefine(check) : update).meta({ id: `${id}Update` }),
  };
}

// ---- query parameters ----

const digits = z.string().regex(/^[0-9]{1,9}$/, 'must be a whole number');

export const PAGE = { min: 1, max: 999_999_999, default: 1 } as const;
export const PER_PAGE = { min: 1, max: 100, default: 100 } as const;

/**
 * A whole-number query parameter as the OpenAPI document shows it: an integer and the bounds its
 * checks accept (the digits, then the range), not the text it arrives as.
 */
export function integerParameter(bounds: { min: number; max: number; default: number }, description: string) {
  return {
    description,
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
      Object.assign(jsonSchema, { type: 'integer', minimum: bounds.min, maximum: bounds.max, default: bounds.default, description });
    },
  };
}

export const paginationQuery = z.object({
  page: digits
    .transform(Number)
    .pipe(z.number().int().min(PAGE.min, 'must be 1 or more'))
    .default(PAGE.default)
    .meta(integerParameter(PAGE, 'The page, from 1 (a page past the end is empty).')),
  per_page: digits
    .transform(Number)
    .pipe(z.number().int().min(PER_PAGE.min, 'must be between 1 and 100').max(PER_PAGE.max, 'must be between 1 and 100'))
    .default(PER_PAGE.default)
    .meta(integerParameter(PER_PAGE, 'Records per page, 1 to 100 (default 100).')),
  updated_since: timestamp.optional().meta({ description: 'Records whose updated_at is at or after this time (for sync clients).' }),
});

export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
export const queryId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'must be an id (a string of digits)')
  .transform(Number)
  .refine((v) => Number.isSafeInteger(v), 'must be an id (a string of digits)');
export const querySearch = z.string().trim().min(1).max(LIMITS.shortText);

/** `<relation>_id` list filters, in the order given: the records related to that one. */
export function idFilters<const K extends string>(...relations: K[]) {
  return Object.fromEntries(relations.map((relation) => [`${relation}_id`, queryId.optional()])) as {
    [R in K as `${R}_id`]: z.ZodOptional<typeof queryId>;
  };
}

/** `q` of a list searched by name. */
export const nameSearch = querySearch.optional().meta({ description: 'Case-insensitive search in the name.' });

/** `import_id`: the records an import created (`description` names them). */
export const importIdQuery = (description = 'Records an import created.') => queryId.optional().meta({ description });

/** Sort values of fields that sort both ways: each ascending (`name`), then descending (`-name`). */
export function bothWays<const K extends string>(...fields: K[]): (K | `-${K}`)[] {
  return fields.flatMap((field) => [field, `-${field}` as const]);
}

/** `sort`: one of `sorts`, newest first (`-created_at`) by default; `description` says how they order. */
export function sortQuery<const T extends readonly ['-created_at', ...string[]]>(sorts: T, description: string) {
  return z.enum(sorts).default('-created_at').meta({ description });
}

/**
 * One or several values of a closed set, repeated (`?kind=a&kind=b`) and/or comma-separated
 * (`?kind=a,b`); each must be one of `values` (`what` names them in the refusal).
 */
export function queryEnumList<T extends string>(values: readonly T[], what: string, description: string) {
  const known = new Set<string>(values);
  return z
    .union([z.string().max(LIMITS.longText), z.array(z.string().max(LIMITS.shortText)).max(LIMITS.entries)])
    .transform((v) => [...new Set((Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()))])
    .superRefine((items, ctx) => {
      for (const item of items) {
        if (known.has(item)) continue;
        ctx.addIssue({ code: 'custom', message: item === '' ? 'must not be empty' : `"${item.slice(0, 60)}" ${what}` });
      }
    })
    .transform((items) => items as T[])
    .meta({
      description,
      param: { style: 'form', explode: true },
      // Documented as the list of values it accepts rather than as the raw string-or-array input.
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        delete jsonSchema.anyOf;
        Object.assign(jsonSchema, { type: 'array', items: { type: 'string', enum: values } });
      },
    });
}

// ---- response shapes (the shared embedded shapes of the OpenAPI document) ----

const ts = z.string().meta({ format: 'date-time', example: '2023-02-14T18:13:00Z' });
export const responseTimestamp = ts;
export const responseDate = z.string().meta({ format: 'date', example: '2023-02-14' });

const base = { id: z.string(), created_at: ts, updated_at: ts };

export const addressResponse = z
  .object({
    street_address: z.string().nullable(),
    street_address2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    country: z.string().nullable(),
  })
  .meta({ id: 'Address' });

export const namedReference = z.object({ ...base, name: z.string() }).meta({ id: 'NamedReference' });
export const userReference = z
  .object({
    ...base,
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  })
  .meta({ id: 'UserReference' });
export const companyReference = z.object({ ...base, name: z.string(), website: z.string().nullable() }).meta({ id: 'CompanyReference' });
/** A project embedded in another record: a Named reference. @alias */
export const projectReference = namedReference;
export const taskListReference = z.object({ ...base, name: z.string(), project: projectReference }).meta({ id: 'TaskListReference' });
export const workforceRoleResponse = z.object({ ...base, name: z.string(), abbreviation: z.string().nullable() }).meta({ id: 'WorkforceRole' });
export const managerSummary = z
  .object({
    ...base,
    legal_first_name: z.string(),
    preferred_first_name: z.string().nullable(),
    last_name: z.string(),
    email: z.string().nullable(),
    role: workforceRoleResponse.nullable(),
  })
  .meta({ id: 'ManagerSummary' });
export const projectStageResponse = z
  .object({
    ...base,
    name: z.string(),
    category: z.enum(['open', 'won', 'lost']),
    position: z.number().int(),
    default_probability: z
      .number()
      .nullable()
      .meta({ description: 'The chance (0 to 1) the forecast gives a project in this stage that has no probability of its own.' }),
  })
  .meta({ id: 'ProjectStage' });

export const recordBase = base;

/** A record's answer, `name` in the OpenAPI document: its id and timestamps, then `fields`. */
export function recordResponse<S extends z.ZodRawShape>(name: string, fields: S) {
  return z.object({ ...base, ...fields }).meta({ id: name });
}
