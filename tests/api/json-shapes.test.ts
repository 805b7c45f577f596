import { beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectShape } from '../spec-shapes';

// Leads and projects are answered as PostgreSQL builds them (lib/server/serializers/leads.ts,
// projects.ts), each its own json_build_object: every embed the two share must come out the same,
// byte for byte, including the awkward cases: a name part of spaces, an empty name, a relation unset.

let a: TestAccount;

beforeAll(async () => {
  a = await createTestAccount('Shapes GC');
});

const shared = [
  'address',
  'assigned_to',
  'created_by',
  'company',
  'contact',
  'contract_type',
  'delivery_method',
  'division',
  'lead_source',
  'market_sector',
  'tender_type',
] as const;

describe('the lead and the project built by PostgreSQL', () => {
  it('embed the same references the same way', async () => {
    const company = (await a.api.post('/companies', { company: { name: 'Ünïcode & Sons', website: 'https://sons.example' } })).body.company;
    const contact = (await a.api.post('/contacts', { contact: { first_name: '   ', last_name: 'Solo', email: 'solo@example.com' } })).body.contact;
    const nameless = (await a.api.post('/contacts', { contact: { first_name: '', email: 'nameless@example.com' } })).body.contact;
    const relations = {
      assigned_to_id: String(a.otherUserId),
      company_id: company.id,
      contact_id: contact.id,
      contract_type_id: String(a.lookup.contractTypes[1]),
      delivery_method_id: String(a.lookup.deliveryMethods[0]),
      division_id: String(a.lookup.divisions[0]),
      lead_source_id: String(a.lookup.leadSources[0]),
      market_sector_id: String(a.lookup.marketSectors[0]),
      tender_type_id: String(a.lookup.tenderTypes[0]),
      address: { street_address: '1 "Quoted" Way', city: 'Zürich', country: null },
    };
    const lead = (await a.api.post('/leads', { lead: { name: 'Shapes', ...relations } })).body.lead;
    const project = (await a.api.post('/projects', { project: { name: 'Shapes', ...relations } })).body.project;
    expectShape(lead, 'lead');
    for (const key of shared) expect(JSON.stringify(lead[key]), key).toBe(JSON.stringify(project[key]));
    expect(lead.contact).toMatchObject({ first_name: '   ', last_name: 'Solo', name: 'Solo' });

    // The same from the list, after a change of the embedded records, and with none set.
    await a.api.patch(`/leads/${lead.id}`, { lead: { contact_id: nameless.id, company_id: null } });
    await a.api.patch(`/projects/${project.id}`, { project: { contact_id: nameless.id, company_id: null } });
    const listed = (await a.api.get('/leads?q=Shapes')).body.leads[0];
    const got = (await a.api.get(`/projects/${project.id}`)).body.project;
    for (const key of shared) expect(JSON.stringify(listed[key]), key).toBe(JSON.stringify(got[key]));
    expect(listed.contact).toMatchObject({ first_name: '', name: null, email: 'nameless@example.com' });
    expect(listed.company).toBeNull();
    expect(listed.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });
});
