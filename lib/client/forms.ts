import type { z } from 'zod';
import { ApiClientError } from './api-client';

/**
 * Forms validate with the API's own zod schemas: the form values become the API payload, the
 * schema checks it, and its issues (or the API's 422 `details`) come back keyed by API field.
 */
export function validatePayload(schema: z.ZodType, payload: Record<string, unknown>): Record<string, string> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || 'base';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The API's 422 details as one message per field; other errors under `base`. */
export function errorsFromApi(error: unknown): Record<string, string> {
  if (error instanceof ApiClientError && error.status === 422 && Object.keys(error.details).length > 0) {
    return Object.fromEntries(Object.entries(error.details).map(([k, v]) => [k, v.join(', ')]));
  }
  return { base: error instanceof Error ? error.message : 'Something went wrong.' };
}

/** '' → null, for optional text and select inputs. */
export const orNull = (value: string) => (value.trim() === '' ? null : value);
/** A whole number typed in an input; '' → null, anything else not an integer → NaN (the schema says why). */
export const intOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/**
 * A react-hook-form resolver running an API schema on the payload built from the form values.
 * `fieldOf` names the form field that holds an API field (`value_in_cents` → `value_dollars`);
 * `inputChecks` check form-only inputs (typed dollars), keyed by form field, and win over the
 * schema's message for the same field.
 */
export function apiResolver<V extends Record<string, unknown>>(
  schema: z.ZodType,
  toPayload: (values: V) => Record<string, unknown>,
  fieldOf: (apiField: string, payload: Record<string, unknown>) => string = (apiField) => apiField,
  inputChecks: (values: V) => Record<string, string> = () => ({}),
) {
  return async (values: V) => {
    const payload = toPayload(values);
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(inputChecks(values))) errors[field] = { type: 'validate', message };
    for (const [apiField, message] of Object.entries(validatePayload(schema, payload))) errors[fieldOf(apiField, payload)] ??= { type: 'validate', message };
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
  };
}
