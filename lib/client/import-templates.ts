// What the dashboard offers for each importable resource (docs/imports.md#mapping): the fields a
// column can fill, in the order of the form, with the label a template's header uses (the API maps
// that label back to the field). Kept in step with lib/server/imports/resources.ts by
// tests/import-templates.test.ts.

export const IMPORTABLE = ['leads', 'projects', 'companies', 'contacts', 'workforce_employees', 'bid_results'] as const;
export type ImportableResource = (typeof IMPORTABLE)[number];

export const IMPORTABLE_LABELS: Record<ImportableResource, string> = {
  leads: 'Leads',
  projects: 'Projects',
  companies: 'Companies',
  contacts: 'Contacts',
  workforce_employees: 'Employees',
  bid_results: 'Bid results',
};

/** What the rows of a projects import are (docs/imports.md): their stage and what each must carry. */
export const PROJECT_KINDS = [
  { kind: 'pursuits', label: 'Pursuits', hint: 'open projects; the first open stage unless a stage is named' },
  { kind: 'wip', label: 'Work in progress', hint: 'won projects with their contract value (Amount required)' },
  { kind: 'historical_won', label: 'Historical won', hint: 'won projects with their start and end dates' },
  { kind: 'historical_closed', label: 'Historical closed', hint: 'won or lost as Close Type says, with a loss reason, who won and at what price' },
] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number]['kind'];

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

/** Relations and lookups by name, as leads and projects take them. */
const PIPELINE_RELATIONS: ImportFieldOption[] = [
  { field: 'company_name', label: 'Company', hint: 'by name' },
  { field: 'contact_email', label: 'Contact Email', hint: 'a contact’s email' },
  { field: 'assigned_to_email', label: 'Assigned To', hint: 'a user’s email' },
];
const lookupsBy = (names: [string, string][]): ImportFieldOption[] => names.map(([field, label]) => ({ field: `${field}_name`, label, hint: 'by name' }));

export const IMPORT_FIELDS: Record<ImportableResource, ImportFieldOption[]> = {
  leads: [
    { field: 'name', label: 'Lead Name', hint: 'required' },
    { field: 'external_id', label: 'External ID', hint: 'a lead with that id is updated' },
    { field: 'description', label: 'Description' },
    { field: 'priority', label: 'Priority', hint: 'yes / no' },
    { field: 'value', label: 'Value', hint: 'dollars: $1,250,000.00' },
    { field: 'value_in_cents', label: null, hint: 'cents' },
    { field: 'estimated_start_date', label: 'Estimated Start', hint: 'YYYY-MM-DD or MM/DD/YYYY' },
    { field: 'construction_duration', label: 'Construction Duration' },
    { field: 'construction_duration_unit', label: 'Duration Unit' },
    { field: 'square_feet', label: 'Square Feet' },
    { field: 'units', label: 'Units' },
    { field: 'work_scope', label: 'Work Scope' },
    ...ADDRESS,
    ...PIPELINE_RELATIONS,
    ...lookupsBy([
      ['contract_type', 'Contract Type'],
      ['delivery_method', 'Delivery Method'],
      ['division', 'Division'],
      ['lead_source', 'Lead Source'],
      ['market_sector', 'Market Sector'],
      ['tender_type', 'Tender Type'],
    ]),
  ],
  projects: [
    { field: 'name', label: 'Project Name', hint: 'required' },
    { field: 'description', label: 'Description' },
    { field: 'project_number', label: 'Project Number' },
    { field: 'external_id', label: 'External ID', hint: 'a project with that id is updated' },
    { field: 'amount', label: 'Amount', hint: 'dollars' },
    { field: 'estimated_cost', label: 'Estimated Cost', hint: 'dollars' },
    { field: 'probability', label: 'Probability', hint: '35% or 0.35' },
    { field: 'forecast_curve', label: 'Forecast Curve' },
    { field: 'square_feet', label: 'Square Feet' },
    { field: 'units', label: 'Units' },
    { field: 'award_date', label: 'Award Date' },
    { field: 'bid_due_date', label: 'Bid Due Date' },
    { field: 'start_date', label: 'Start Date' },
    { field: 'end_date', label: 'End Date' },
    { field: 'work_scope', label: 'Work Scope' },
    { field: 'close_type', label: 'Close Type', hint: 'won / lost / cancelled / did_not_pursue' },
    { field: 'closed_at', label: 'Closed At', hint: 'the day it closed: win rates count from it' },
    ...ADDRESS,
    ...PIPELINE_RELATIONS,
    ...lookupsBy([
      ['project_stage', 'Stage'],
      ['contract_type', 'Contract Type'],
      ['delivery_method', 'Delivery Method'],
      ['division', 'Division'],
      ['lead_source', 'Lead Source'],
      ['loss_reason', 'Loss Reason'],
      ['market_sector', 'Market Sector'],
      ['tender_type', 'Tender Type'],
    ]),
    { field: 'awarded_to_name', label: 'Awarded To', hint: 'the winning company by name, or Us' },
    { field: 'winning_amount', label: 'Winning Amount', hint: 'dollars: the winning price' },
  ],
  bid_results: [
    { field: 'project_number', label: 'Project Number', hint: 'the project by its number' },
    { field: 'project_name', label: 'Project', hint: 'or by its name' },
    { field: 'company_name', label: 'Bidder', hint: 'a company by name, or Us for our own bid' },
    { field: 'amount', label: 'Amount', hint: 'dollars: $1,250,000.00' },
    { field: 'rank', label: 'Rank', hint: '1 for the lowest price' },
    { field: 'is_winner', label: 'Winner', hint: 'yes / no' },
    { field: 'notes', label: 'Notes' },
  ],
  workforce_employees: [
    { field: 'legal_first_name', label: 'First Name', hint: 'required' },
    { field: 'preferred_first_name', label: 'Preferred Name' },
    { field: 'last_name', label: 'Last Name', hint: 'required' },
    { field: 'email', label: 'Email', hint: 'an employee with that email is updated' },
    { field: 'phone', label: 'Phone' },
    { field: 'notes', label: 'Notes' },
    { field: 'birthday', label: 'Birthday' },
    { field: 'start_date', label: 'Start Date' },
    { field: 'industry_start_date', label: 'Industry Start Date' },
    { field: 'excluded_from_headcount', label: 'Excluded From Headcount', hint: 'yes / no' },
    ...ADDRESS,
    { field: 'role_name', label: 'Role', hint: 'a workforce role by name' },
    { field: 'manager_email', label: 'Manager', hint: 'an employee’s email, already in Groundwork' },
    { field: 'division_name', label: 'Division', hint: 'by name' },
  ],
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
