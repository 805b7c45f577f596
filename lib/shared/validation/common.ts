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
export const name = z.string().trim().min(1, 'can\'t be blank').max(LIMITS.shortText);

/** A related record's id: a string of digits (a JSON integer is accepted too). */
export const relationId = z
  .union([z.string().regex(/^[1-9][0-9]{0,15}$/, 'must be an id (a string of digits)'), z.number().int().positive()])
  .transform((v) => Number(v))
  .refine((v) => Number.isSafeInteger(v), 'must be an id (a string of digits)')
  .meta({ description: 'Id of a related record (a string of digits).' });

/** ISO 8601 date-time with Z or an offset, as a Date. */
export const timestamp = z.iso
  .datetime({ offset: true })
  .transform((v) => new Date(v))
  .refine((d) => !Number.isNaN(d.getTime()), 'must be a valid date-time');

/** ISO 8601 calendar date, YYYY-MM-DD. */
export const date = z.iso.date();

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

/** Every field optional (PATCH) and every nullable field clearable with null. */
export const optionalNullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

// ---- query parameters ----

const digits = z.string().regex(/^[0-9]{1,9}$/, 'must be a whole number');

export const paginationQuery = z.object({
  page: digits.transform(Number).pipe(z.number().int().min(1, 'must be 1 or more')).default(1),
  per_page: digits
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100'))
    .default(100),
  updated_since: timestamp.optional(),
});

export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
export const queryId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'must be an id (a string of digits)')
  .transform(Number)
  .refine((v) => Number.isSafeInteger(v), 'must be an id (a string of digits)');
export const querySearch = z.string().trim().min(1).max(LIMITS.shortText);

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
export const companyReference = z
  .object({ ...base, name: z.string(), website: z.string().nullable() })
  .meta({ id: 'CompanyReference' });
export const projectReference = namedReference;
export const taskListReference = z
  .object({ ...base, name: z.string(), project: projectReference })
  .meta({ id: 'TaskListReference' });
export const workforceRoleResponse = z
  .object({ ...base, name: z.string(), abbreviation: z.string().nullable() })
  .meta({ id: 'WorkforceRole' });
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
