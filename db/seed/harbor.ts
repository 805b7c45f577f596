import type { AccountPlan } from './plan';

// A second, small tenant: a marine contractor in Puget Sound. It exists to show that one
// account never sees another's records, so it only needs a little of everything.

export const HARBOR_ADMIN_EMAIL = { local: 'harbor.admin', domain: 'example.com' };

export const harborPointPlan: AccountPlan = {
  name: 'Harbor Point Construction',
  projectNumberPrefix: 'HPC',
  users: [
    {
      firstName: 'Morgan',
      lastName: 'Ellis',
      email: HARBOR_ADMIN_EMAIL,
      role: 'admin',
      teamRoles: { pursuit: ['project_admin', 'estimator'], won: ['project_admin', 'project_manager'] },
    },
  ],
  lookups: {
    contract_types: ['Hard Bid', 'Negotiated'],
    delivery_methods: ['Design-Bid-Build'],
    divisions: ['Marine', 'Commercial'],
    lead_sources: ['Referral', 'Bid Board'],
    market_sectors: ['Marine', 'Industrial', 'Multifamily'],
    tender_types: ['Public Bid'],
    loss_reasons: ['Price'],
    call_outcomes: ['Connected', 'Left Voicemail'],
    industries: ['Maritime', 'Real Estate Development'],
  },
  workforceRoles: [
    { name: 'Superintendent', abbreviation: 'SUP' },
    { name: 'Pile Driver Foreman', abbreviation: 'PDF' },
    { name: 'Dock Builder', abbreviation: 'DB' },
  ],
  importName: null,
  divisionBySector: { Marine: 'Marine', '*': 'Commercial' },
  cities: [
    { city: 'Seattle', state: 'WA', zip: '98104', areaCode: '206' },
    { city: 'Tacoma', state: 'WA', zip: '98402', areaCode: '253' },
    { city: 'Everett', state: 'WA', zip: '98201', areaCode: '425' },
    { city: 'Bellingham', state: 'WA', zip: '98225', areaCode: '360' },
  ],
  localCityCount: 4,
  companies: [
    {
      name: 'Elliott Bay Marine Terminals',
      category: 'owner',
      domain: 'elliottbayterminals.com',
      city: 'Seattle',
      industries: ['Maritime'],
      sectors: ['Marine', 'Industrial'],
      description: 'Container and break-bulk terminal operator.',
    },
    {
      name: 'Puget Sound Pier Partners',
      category: 'client',
      domain: 'pspierpartners.com',
      city: 'Tacoma',
      industries: ['Real Estate Development'],
      sectors: ['Multifamily', 'Marine'],
      description: 'Waterfront mixed-use developer.',
    },
    {
      name: 'Cascadia Marine Engineering',
      category: 'engineer',
      domain: 'cascadiamarine-eng.com',
      city: 'Seattle',
      industries: ['Maritime'],
      description: 'Waterfront structures and moorage design.',
    },
    {
      name: 'Northwest Piling & Dredging',
      category: 'subcontractor',
      domain: 'nwpiling.com',
      city: 'Everett',
      description: 'Pile driving, dredging and marine demolition.',
    },
  ],
  contactTitles: {
    architect: [],
    engineer: ['Principal Engineer'],
    owner: ['Port Engineer', 'Director of Maintenance'],
    client: ['Development Director', 'Project Manager'],
    subcontractor: ['Operations Manager'],
    supplier: [],
    consultant: [],
    other: [],
    competitor: [],
  },
  leads: [
    { name: 'Pier 7 Fender System Replacement', client: 'Elliott Bay Marine Terminals', sector: 'Marine', scope: 'repair', squareFeet: 4_000 },
    { name: 'Tacoma Tideflats Transload Warehouse', sector: 'Industrial', scope: 'new_construction', squareFeet: 60_000 },
    {
      name: 'Everett Waterfront Apartments',
      client: 'Puget Sound Pier Partners',
      sector: 'Multifamily',
      scope: 'new_construction',
      squareFeet: 120_000,
      units: 140,
    },
    { name: 'Bellingham Marina Dock Repairs', sector: 'Marine', scope: 'repair', squareFeet: 9_000 },
  ],
  projects: [
    {
      stage: 'Won',
      status: 'active',
      name: 'Terminal 5 Crane Rail Upgrade',
      client: 'Elliott Bay Marine Terminals',
      sector: 'Marine',
      scope: 'renovation',
      squareFeet: 22_000,
    },
    { stage: 'Bid Submitted', name: 'Smith Cove Boat Launch', sector: 'Marine', scope: 'new_construction', squareFeet: 5_000 },
    { stage: 'Lost', lossReason: 'Price', name: 'Salmon Bay Fish Processing Roof', sector: 'Industrial', scope: 'repair', squareFeet: 30_000 },
  ],
  generalTaskCount: 2,
  projectTaskCount: 6,
  callCount: 4,
  employees: [[{ abbreviation: 'SUP', count: 1 }], [{ abbreviation: 'PDF', count: 1, reportsTo: 'SUP' }], [{ abbreviation: 'DB', count: 2, reportsTo: 'PDF' }]],
  employeeDomain: 'harborpoint.example.com',
};
