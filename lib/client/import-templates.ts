import { IMPORT_FIELDS, type ImportableResource, type ImportField } from '@/lib/shared/import-fields';

// The dashboard's side of the import fields (lib/shared/import-fields.ts, the importer's own list):
// a field's name as a person reads it, and each resource's template, a CSV whose header row holds
// each field's first label, which the importer maps back to the field.

/** The column name of a field in the template; null for a field only an export writes (an id). */
export const templateLabel = (f: ImportField): string | null => f.labels[0] ?? null;

/** A field as a person reads it: `first_name` → "First name", `address_zip` → "Address zip". */
export function fieldLabel(field: string): string {
  const text = field.replace(/^linked_in_profile_url$/, 'linkedin_profile').replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The template of a resource: a CSV with its header row only. */
export function templateCsv(resource: ImportableResource): string {
  const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return `${IMPORT_FIELDS[resource]
    .flatMap((f) => {
      const label = templateLabel(f);
      return label ? [quote(label)] : [];
    })
    .join(',')}\r\n`;
}

/** The template as a `data:` URL for a download link. */
export const templateHref = (resource: ImportableResource) => `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv(resource))}`;
