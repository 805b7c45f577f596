import type { CustomFieldType } from '@/lib/shared/validation/enums';
import { centsToDollarsInput, dollarsToCents, formatCents, formatDate } from './format';

// A record's custom field values (docs/custom-fields.md) as form inputs and back, and as table
// text. Inputs are what the form's controls hold: text for most types (dollars for currency), a
// boolean for a checkbox, a list for multi_select. Only the live (non-archived) fields have inputs;
// every other value the record holds (archived fields, keys with no definition) goes back untouched.

/** What the conversions need of a definition (the API's CustomField has more). */
export interface FieldDefinition {
  key: string;
  label: string;
  field_type: CustomFieldType;
  options: { value: string; label: string }[];
  required: boolean;
}

export type CustomFieldInput = string | boolean | string[];
export type CustomFieldInputs = Record<string, CustomFieldInput>;
type Stored = Record<string, unknown>;

const isBlank = (v: unknown) => v === undefined || v === null;

/** The input of one field for a stored value ('' / false / [] when there is none). */
export function inputOf(field: FieldDefinition, value: unknown): CustomFieldInput {
  switch (field.field_type) {
    case 'boolean':
      return value === true;
    case 'multi_select':
      return Array.isArray(value) ? value.map(String) : [];
    case 'currency':
      return typeof value === 'number' ? centsToDollarsInput(value) : isBlank(value) ? '' : String(value);
    default:
      return isBlank(value) ? '' : typeof value === 'string' ? value : String(value);
  }
}

/** The inputs of the live fields for a record's stored values (none when creating). */
export function customFieldInputs(fields: readonly FieldDefinition[], stored: Stored | null | undefined): CustomFieldInputs {
  return Object.fromEntries(fields.map((f) => [f.key, inputOf(f, stored?.[f.key])]));
}

/** A typed number ("1,250.5"); null when blank, NaN when not a number. */
function numberOf(input: string): number | null {
  const cleaned = input.replace(/[,\s]/g, '');
  if (cleaned === '') return null;
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** The value one input stands for: null for a blank (the key is removed). */
export function valueOf(field: FieldDefinition, input: CustomFieldInput | undefined, stored: unknown): unknown {
  switch (field.field_type) {
    case 'boolean':
      // An unticked box is false only where the record said so, or a value is required; else no value.
      return input === true ? true : !isBlank(stored) || field.required ? false : null;
    case 'multi_select':
      return Array.isArray(input) && input.length > 0 ? input : null;
    case 'number':
      return numberOf(typeof input === 'string' ? input : '');
    case 'currency':
      return dollarsToCents(typeof input === 'string' ? input : '');
    default: {
      const text = typeof input === 'string' ? input : '';
      return text.trim() === '' ? null : text;
    }
  }
}

/**
 * The record's whole `custom_fields` for a write: every value the form does not edit as it was,
 * then each live field's input converted (blanks as null, which removes the key).
 */
export function customFieldsPayload(fields: readonly FieldDefinition[], inputs: CustomFieldInputs, stored: Stored | null | undefined): Stored {
  const live = new Set(fields.map((f) => f.key));
  const out: Stored = {};
  for (const [key, value] of Object.entries(stored ?? {})) if (!live.has(key)) out[key] = value;
  for (const f of fields) out[f.key] = valueOf(f, inputs[f.key], stored?.[f.key]);
  return out;
}

/**
 * `custom_fields` for a form's payload, or undefined to leave it out: a resource without live
 * fields has nothing to edit, and an edit that changed no value leaves the record's alone.
 */
export function customFieldsChange(fields: readonly FieldDefinition[], inputs: CustomFieldInputs, stored: Stored | null): Stored | undefined {
  if (fields.length === 0) return undefined;
  const payload = customFieldsPayload(fields, inputs, stored);
  if (stored === null) return payload;
  const untouched = customFieldsPayload(fields, customFieldInputs(fields, stored), stored);
  return JSON.stringify(payload) === JSON.stringify(untouched) ? undefined : payload;
}

/** Typed inputs that are not numbers or amounts, keyed by form field (`custom_fields.<key>`). */
export function customFieldInputErrors(fields: readonly FieldDefinition[], inputs: CustomFieldInputs): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const input = inputs[f.key];
    if (typeof input !== 'string') continue;
    if (f.field_type === 'number' && Number.isNaN(numberOf(input))) errors[`custom_fields.${f.key}`] = 'Enter a number, like 12 or 3.5.';
    if (f.field_type === 'currency' && Number.isNaN(dollarsToCents(input))) errors[`custom_fields.${f.key}`] = 'Enter dollars, like 1,250,000 or 19.99.';
  }
  return errors;
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** A stored value as table text ('—' for none); `userName` names a user id when known. */
export function formatCustomValue(field: FieldDefinition, value: unknown, userName?: (id: string) => string | undefined): string {
  if (isBlank(value) || (Array.isArray(value) && value.length === 0)) return '—';
  const label = (v: unknown) => field.options.find((o) => o.value === v)?.label ?? String(v);
  switch (field.field_type) {
    case 'currency':
      return typeof value === 'number' ? formatCents(value) : String(value);
    case 'number':
      return typeof value === 'number' ? numberFormat.format(value) : String(value);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : String(value);
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'select':
      return label(value);
    case 'multi_select':
      return Array.isArray(value) ? value.map(label).join(', ') : label(value);
    case 'user':
      return userName?.(String(value)) ?? `User ${String(value)}`;
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}
