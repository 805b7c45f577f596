import {
  CLOSE_TYPES,
  COMPANY_CATEGORIES,
  CONSTRUCTION_DURATION_UNITS,
  FORECAST_CURVES,
  IMPORT_RESOURCES,
  WORK_SCOPES,
  type ImportResource,
} from '@/db/schema/enums';

// What each importable resource takes from a spreadsheet (docs/imports.md#mapping), written once
// for the importer (lib/server/imports) and the dashboard's mapping form and templates: the fields
// a column can fill, in the form's order, the column names each is known by (the first is the
// template's header), and what the form says of it.

export type FieldType =
  'text' | 'email' | 'url' | 'money' | 'dollars' | 'probability' | 'date' | 'boolean' | 'integer' | 'number' | 'enum' | 'option' | 'options';

/**
 * A relation named in a cell, resolved against the account's records by the importer: a company
 * or a lookup by name, a user or a contact by email (case-insensitive).
 */
export type RelationKind =
  | 'company'
  | 'user'
  | 'contact'
  | 'project_stage'
  | 'contract_type'
  | 'delivery_method'
  | 'division'
  | 'lead_source'
  | 'loss_reason'
  | 'market_sector'
  | 'tender_type'
  | 'workforce_role'
  | 'employee'
  | 'project'
  | 'project_number';

export interface ImportField {
  /** The field's name in the import (and the export's column). */
  field: string;
  /** The column names it is known by; the first is the template's header. None: a field only an export writes (an id). */
  labels: string[];
  type: FieldType;
  /** What the mapping form says after the field's name. */
  hint?: string;
  /** For `enum`: the values it takes (matched case-insensitively, spaces as underscores). */
  values?: readonly string[];
  /** For `option` and `options` (custom select fields): a cell names one by its value or its label, any case. */
  options?: readonly { value: string; label: string }[];
  /** The cell names a record: resolved to `<target>`. */
  relation?: RelationKind;
  /** Where the value goes in the create body: a field, or `address.<part>`. Default: `field`. */
  target?: string;
  /** For a company named: a cell saying Us (We, Ours, Our bid) names our own firm instead, setting this field true. */
  us?: string;
}

/** What the dashboard can import: every resource an import takes. */
export const IMPORTABLE = IMPORT_RESOURCES;
export type ImportableResource = ImportResource;

export const IMPORTABLE_LABELS: Record<ImportResource, string> = {
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

const field = (name: string, type: FieldType, labels: string[], more: Omit<ImportField, 'field' | 'type' | 'labels'> = {}): ImportField => ({
  field: name,
  labels,
  type,
  ...more,
});
const text = (name: string, labels: string[], hint?: string) => field(name, 'text', labels, hint ? { hint } : {});
const address = (part: string, labels: string[]) => field(`address_${part}`, 'text', labels, { target: `address.${part}` });
/** A lookup named in a cell (a stage, a division…): `<name>_name`, resolved to `<name>_id`. */
const lookup = (name: string, relation: RelationKind, labels: string[]) =>
  field(`${name}_name`, 'text', [...labels, name], { relation, target: `${name}_id`, hint: 'by name' });
/** An id only an export writes (no template column). */
const id = (name: string, hint: string) => field(name, 'integer', [], { target: name, hint });

const ADDRESS: ImportField[] = [
  address('street_address', ['Street Address', 'Street', 'Address', 'Address 1', 'Address Line 1']),
  address('street_address2', ['Address 2', 'Street Address 2', 'Address Line 2', 'Suite']),
  address('city', ['City', 'Town']),
  address('state', ['State', 'Province', 'Region']),
  address('zip', ['Zip', 'Zip Code', 'Postal Code', 'Postcode']),
  address('country', ['Country']),
];

const EXTERNAL_ID = ['External ID', 'Source Id', 'Id in Source'];
const SQUARE_FEET = ['Square Feet', 'Sq Ft', 'SF', 'Area'];
const WORK_SCOPE = field('work_scope', 'enum', ['Work Scope', 'Scope of Work'], { values: WORK_SCOPES });
/** A company named in a cell (by default the record's `company_id`). */
const company = (labels: string[], more: Omit<ImportField, 'field' | 'type' | 'labels'> = {}, name = 'company_name') =>
  field(name, 'text', labels, { relation: 'company', target: 'company_id', hint: 'by name', ...more });
const assignedTo = (labels: string[]) =>
  field('assigned_to_email', 'email', ['Assigned To', ...labels, 'Assigned To Email'], { relation: 'user', target: 'assigned_to_id', hint: 'a user’s email' });
const CONTACT = field('contact_email', 'email', ['Contact Email', 'Contact'], { relation: 'contact', target: 'contact_id', hint: 'a contact’s email' });
const PIPELINE_LOOKUPS = {
  contract_type: lookup('contract_type', 'contract_type', ['Contract Type']),
  delivery_method: lookup('delivery_method', 'delivery_method', ['Delivery Method']),
  division: lookup('division', 'division', ['Division']),
  lead_source: lookup('lead_source', 'lead_source', ['Lead Source', 'Source']),
  market_sector: lookup('market_sector', 'market_sector', ['Market Sector', 'Sector', 'Market']),
  tender_type: lookup('tender_type', 'tender_type', ['Tender Type']),
};

export const IMPORT_FIELDS: Record<ImportResource, ImportField[]> = {
  leads: [
    text('name', ['Lead Name', 'Lead', 'Name', 'Opportunity', 'Project', 'Project Name'], 'required'),
    text('external_id', EXTERNAL_ID, 'a lead with that id is updated'),
    text('description', ['Description', 'Notes']),
    field('priority', 'boolean', ['Priority', 'Starred', 'Hot'], { hint: 'yes / no' }),
    // In a spreadsheet the value is dollars ($1,250,000.00); the export's value_in_cents column is cents.
    field('value', 'money', ['Value', 'Amount', 'Estimated Value', 'Lead Value'], { target: 'value_in_cents', hint: 'dollars: $1,250,000.00' }),
    field('value_in_cents', 'integer', [], { hint: 'cents' }),
    field('estimated_start_date', 'date', ['Estimated Start', 'Estimated Start Date', 'Start Date'], { hint: 'YYYY-MM-DD or MM/DD/YYYY' }),
    field('construction_duration', 'integer', ['Construction Duration', 'Duration']),
    field('construction_duration_unit', 'enum', ['Duration Unit', 'Construction Duration Unit'], { values: CONSTRUCTION_DURATION_UNITS }),
    field('square_feet', 'integer', SQUARE_FEET),
    field('units', 'integer', ['Units']),
    WORK_SCOPE,
    ...ADDRESS,
    company(['Company', 'Client', 'Owner', 'Customer']),
    CONTACT,
    assignedTo(['Owner Email', 'Estimator']),
    ...Object.values(PIPELINE_LOOKUPS),
  ],
  projects: [
    text('name', ['Project Name', 'Project', 'Name', 'Job', 'Job Name'], 'required'),
    text('description', ['Description', 'Notes', 'Scope']),
    text('project_number', ['Project Number', 'Job Number', 'Number', 'Project #', 'Job #']),
    text('external_id', EXTERNAL_ID, 'a project with that id is updated'),
    field('amount', 'dollars', ['Amount', 'Value', 'Contract Value', 'Contract Amount', 'Bid Amount'], { hint: 'dollars' }),
    field('estimated_cost', 'dollars', ['Estimated Cost', 'Cost', 'Budget'], { hint: 'dollars' }),
    field('probability', 'probability', ['Probability', 'Win Probability', 'Chance', 'Odds'], { hint: '35% or 0.35' }),
    field('forecast_curve', 'enum', ['Forecast Curve', 'Curve'], { values: FORECAST_CURVES }),
    field('square_feet', 'integer', SQUARE_FEET),
    field('units', 'integer', ['Units']),
    field('award_date', 'date', ['Award Date', 'Awarded', 'Awarded On']),
    field('bid_due_date', 'date', ['Bid Due Date', 'Bid Due', 'Due Date', 'Bid Date']),
    field('start_date', 'date', ['Start Date', 'Start', 'Construction Start']),
    field('end_date', 'date', ['End Date', 'End', 'Completion Date', 'Finish Date']),
    WORK_SCOPE,
    field('close_type', 'enum', ['Close Type', 'Result', 'Outcome', 'Won/Lost'], { values: CLOSE_TYPES, hint: 'won / lost / cancelled / did_not_pursue' }),
    field('closed_at', 'date', ['Closed At', 'Closed', 'Close Date', 'Date Closed', 'Closed On'], { hint: 'the day it closed: win rates count from it' }),
    ...ADDRESS,
    company(['Company', 'Client', 'Owner', 'Customer']),
    CONTACT,
    assignedTo(['Estimator', 'Project Manager']),
    lookup('project_stage', 'project_stage', ['Stage', 'Project Stage', 'Status']),
    PIPELINE_LOOKUPS.contract_type,
    PIPELINE_LOOKUPS.delivery_method,
    PIPELINE_LOOKUPS.division,
    PIPELINE_LOOKUPS.lead_source,
    lookup('loss_reason', 'loss_reason', ['Loss Reason', 'Reason Lost']),
    PIPELINE_LOOKUPS.market_sector,
    PIPELINE_LOOKUPS.tender_type,
    company(
      ['Awarded To', 'Winner', 'Won By', 'Winning Bidder'],
      { target: 'awarded_to_id', us: 'awarded_to_us', hint: 'the winning company by name, or Us' },
      'awarded_to_name',
    ),
    field('winning_amount', 'dollars', ['Winning Amount', 'Winning Bid', 'Award Amount', 'Low Bid'], { hint: 'dollars: the winning price' }),
  ],
  companies: [
    text('name', ['Company', 'Company Name', 'Name', 'Organization'], 'required; a company of that name is updated'),
    text('description', ['Description', 'Notes', 'About']),
    text('phone', ['Phone', 'Phone Number', 'Main Phone']),
    field('website', 'url', ['Website', 'Web Site', 'URL', 'Web']),
    field('category', 'enum', ['Category', 'Type', 'Company Type'], { values: COMPANY_CATEGORIES }),
    ...ADDRESS,
  ],
  contacts: [
    field('email', 'email', ['Email', 'E-mail', 'Email Address'], { hint: 'a contact with that email is updated' }),
    text('first_name', ['First Name', 'First', 'Given Name']),
    text('last_name', ['Last Name', 'Last', 'Surname', 'Family Name']),
    text('job_title', ['Job Title', 'Title', 'Position']),
    text('mobile_phone', ['Mobile Phone', 'Mobile', 'Cell', 'Cell Phone']),
    text('office_phone', ['Office Phone', 'Phone', 'Work Phone', 'Business Phone']),
    field('linked_in_profile_url', 'url', ['LinkedIn', 'LinkedIn Profile', 'LinkedIn URL']),
    company(['Company', 'Company Name', 'Organization']),
    id('company_id', 'by id'),
    assignedTo(['Owner', 'Owner Email']),
    id('assigned_to_id', 'a user’s id'),
  ],
  workforce_employees: [
    text('legal_first_name', ['First Name', 'Legal First Name', 'First', 'Given Name'], 'required'),
    text('preferred_first_name', ['Preferred Name', 'Preferred First Name', 'Nickname', 'Goes By']),
    text('last_name', ['Last Name', 'Last', 'Surname', 'Family Name'], 'required'),
    field('email', 'email', ['Email', 'E-mail', 'Work Email'], { hint: 'an employee with that email is updated' }),
    text('phone', ['Phone', 'Mobile', 'Cell']),
    text('notes', ['Notes']),
    field('birthday', 'date', ['Birthday', 'Date of Birth', 'Birth Date']),
    field('start_date', 'date', ['Start Date', 'Hire Date', 'Hired']),
    field('industry_start_date', 'date', ['Industry Start Date', 'In Industry Since']),
    field('excluded_from_headcount', 'boolean', ['Excluded From Headcount', 'Not in Headcount'], { hint: 'yes / no' }),
    ...ADDRESS,
    field('role_name', 'text', ['Role', 'Trade', 'Position'], { relation: 'workforce_role', target: 'role_id', hint: 'a workforce role by name' }),
    field('manager_email', 'email', ['Manager', 'Manager Email', 'Reports To'], {
      relation: 'employee',
      target: 'manager_id',
      hint: 'an employee’s email, already in Groundwork',
    }),
    PIPELINE_LOOKUPS.division,
  ],
  bid_results: [
    field('project_number', 'text', ['Project Number', 'Job Number', 'Number'], {
      relation: 'project_number',
      target: 'project_id',
      hint: 'the project by its number',
    }),
    field('project_name', 'text', ['Project', 'Project Name', 'Job', 'Job Name'], { relation: 'project', target: 'project_id', hint: 'or by its name' }),
    company(['Bidder', 'Company', 'Competitor', 'Contractor', 'Company Name'], { us: 'is_us', hint: 'a company by name, or Us for our own bid' }),
    field('amount', 'money', ['Amount', 'Bid', 'Bid Amount', 'Price', 'Bid Price'], { target: 'amount_in_cents', hint: 'dollars: $1,250,000.00' }),
    field('rank', 'integer', ['Rank', 'Place', 'Position'], { hint: '1 for the lowest price' }),
    field('is_winner', 'boolean', ['Winner', 'Won', 'Awarded', 'Is Winner'], { hint: 'yes / no' }),
    text('notes', ['Notes', 'Comments']),
  ],
};
