// What the dashboard offers for each importable resource (docs/imports.md#mapping): the fields a
// column can fill, in the order of the form, with the label a template's header uses (the API maps
// that label back to the field). Kept in step with lib/server/imports/resources.ts by
// tests/import-templates.test.ts.

export const IMPORTABLE = ['companies', 'contacts'] as const;
export type ImportableResource = (typeof IMPORTABLE)[number];

export const IMPORTABLE_LABELS: Record<ImportableResource, string> = { companies: 'Companies', contacts: 'Contacts' };

export interface ImportFieldOption {
  field: string;
  /** The column name of the template; null for a field only an export writes (an id). */
  label: string | null;
  hint?: string;
}

const ADDRESS: ImportFieldOption[] = [
  { field: 'address_street_address', label: 'Street Address' },
  { field: 'address_street_address2', label: 'Address 2' },
  { field: 'address_city', label: 'City' },
  { field: 'address_state', label: 'State' },
  { field: 'address_zip', label: 'Zip' },
  { field: 'address_country', label: 'Country' },
];

export const IMPORT_FIELDS: Record<ImportableResource, ImportFieldOption[]> = {
  companies: [
    { field: 'name', label: 'Company', hint: 'required; a company of that name is updated' },
    { field: 'description', label: 'Description' },
    { field: 'phone', label: 'Phone' },
    { field: 'website', label: 'Website' },
    { field: 'category', label: 'Category' },
    ...ADDRESS,
  ],
  contacts: [
    { field: 'email', label: 'Email', hint: 'a contact with that email is updated' },
    { field: 'first_name', label: 'First Name' },
    { field: 'last_name', label: 'Last Name' },
    { field: 'job_title', label: 'Job Title' },
    { field: 'mobile_phone', label: 'Mobile Phone' },
    { field: 'office_phone', label: 'Office Phone' },
    { field: 'linked_in_profile_url', label: 'LinkedIn' },
    { field: 'company_name', label: 'Company', hint: 'by name' },
    { field: 'company_id', label: null, hint: 'by id' },
    { field: 'assigned_to_email', label: 'Assigned To', hint: 'a user’s email' },
    { field: 'assigned_to_id', label: null, hint: 'a user’s id' },
  ],
};

/** A field as a person reads it: `first_name` → "First name", `address_zip` → "Address zip". */
export function fieldLabel(field: string): string {
  const text = field.replace(/^linked_in_profile_url$/, 'linkedin_profile').replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The template of a resource: a CSV with its header row only. */
export function templateCsv(resource: ImportableResource): string {
  const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return `${IMPORT_FIELDS[resource].flatMap((f) => (f.label ? [quote(f.label)] : [])).join(',')}\r\n`;
}

/** The template as a `data:` URL for a download link. */
export const templateHref = (resource: ImportableResource) => `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv(resource))}`;
