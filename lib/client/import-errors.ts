import { IMPORT_FIELDS, type ImportableResource } from '@/lib/shared/import-fields';
import { fieldLabel, templateLabel } from './import-templates';

// An import row's error as a person reads it. The API names fields as its columns do
// (`value: is not an amount of money ("lots")`), for the scripts that read errors.csv; the
// dashboard says the same with the column's label and the value first: Value "lots" is not an
// amount of money.

const NOT_IN_GROUNDWORK = /^no (?:.+?) (?:named|with the email) "(.*)"(?: \(create_missing=true creates it\))?$/;
/** `is not a date ("31/31/2027")`, `is not a probability (35%, 35 or 0.35: "x")`: the value at the end. */
const QUOTED_VALUE = /^(.*?) \((?:[^"]*: )?"(.*)"\)$/;

function labelOf(resource: ImportableResource, field: string): string {
  if (field.startsWith('custom_fields.')) return fieldLabel(field.slice('custom_fields.'.length));
  const known = IMPORT_FIELDS[resource].find((f) => f.field === field);
  return (known && templateLabel(known)) ?? fieldLabel(field);
}

function sentence(resource: ImportableResource, part: string): string {
  const at = part.indexOf(': ');
  const field = at > 0 ? part.slice(0, at) : '';
  if (!/^[a-z][a-z0-9_.]*$/.test(field)) return part.charAt(0).toUpperCase() + part.slice(1);
  const message = part.slice(at + 2);
  const label = labelOf(resource, field);
  const missing = NOT_IN_GROUNDWORK.exec(message);
  if (missing) {
    return field === 'company_name'
      ? `Company "${missing[1]}" is not in Groundwork — tick "Create missing companies" or add it first`
      : `${label} "${missing[1]}" is not in Groundwork`;
  }
  const quoted = QUOTED_VALUE.exec(message);
  if (quoted) return `${label} "${quoted[2]}" ${quoted[1]}`;
  return `${label} ${message}`;
}

/** `value: is not an amount of money ("notmoney")` → `Value "notmoney" is not an amount of money`; several, each a sentence. */
export function readableImportError(resource: ImportableResource, error: string): string {
  return error
    .split('; ')
    .map((part) => sentence(resource, part))
    .join('. ');
}
