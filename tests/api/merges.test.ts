import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { insertUser } from '@/db/queries/accounts';
import { bidResults, companies, emailLinks, emails, webhookMessages } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { runDueImports } from '@/lib/server/imports/service';
import { BASE, client, dispatch } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// Issue 31, duplicates and merge: the suffix, domain and phone rules, never across accounts; a
// merge moving every kind of reference with its events, the tombstone 404, aliases the next import
// uses, the dry run writing nothing, undo restoring exactly.

let a: TestAccount;
let b: TestAccount;

async function company(t: TestAccount, fields: Record<string, unknown>) {
  const res = await t.api.post('/companies', { company: fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.company as { id: string; name: string } & Record<string, unknown>;
}

const ids = (records: { id: string }[]) => records.map((r) => r.id);

async function importCompanies(t: TestAccount, text: string) {
  const form = new FormData();
  form.set('resource', 'companies');
  form.set('file', new Blob([text]), 'companies.csv');
  const res = await dispatch(
    new Request(new URL('/api/2023-01/imports', BASE), { method: 'POST', headers: { authorization: `Bearer ${t.token}` }, body: form }),
  );
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(202);
  await runDueImports(getDb());
  return (await t.api.get(`/imports/${body.import.id}`)).body.import;
}

beforeAll(async () => {
  a = await createTestAccount('Merge GC');
  b = await createTestAccount('Other merge GC');
});

describe('duplicates', () => {
  it('groups companies alike once legal suffixes are dropped, by web domain and by phone; never across accounts', async () => {
    const t = await createTestAccount('Dupes GC');
    const harbor = await company(t, { name: 'Harbor Point Construction' });
    const constr = await company(t, { name: 'Harbor Point Constr.' });
    const llc = await company(t, { name: 'harbor point construction llc' });
    const site1 = await company(t, { name: 'Bayside Glazing', website: 'https://www.baysideglass.com/about' });
    const site2 = await company(t, { name: 'BSG Inc', website: 'baysideglass.com' });
    const phone1 = await company(t, { name: 'Ridgeway Mechanical', phone: '(206) 555-0142' });
    const phone2 = await company(t, { name: 'RMI Services', phone: '+1 206.555.0142' });
    await company(t, { name: 'Completely Different Builders' });
    // Another account's twin is never a match.
    await company(b, { name: 'Harbor Point Construction Inc' });

    const res = await t.api.get('/duplicates?resource=companies');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    const groups = res.body.duplicates as { score: number; records: { id: string; name: string }[]; reasons: string[] }[];
    const byFirst = new Map(groups.map((g) => [g.records[0]!.id, g]));
    expect(ids(byFirst.get(harbor.id)!.records)).toEqual([harbor.id, constr.id, llc.id]);
    expect(byFirst.get(harbor.id)).toMatchObject({ score: 1, reasons: ['names 1.00 alike'] });
    expect(byFirst.get(site1.id)).toMatchObject({ score: 0.95, reasons: ['same website domain'] });
    expect(ids(byFirst.get(site1.id)!.records)).toEqual([site1.id, site2.id]);
    expect(byFirst.get(phone1.id)).toMatchObject({ score: 0.9, reasons: ['same phone'] });
    expect(ids(byFirst.get(phone1.id)!.records)).toEqual([phone1.id, phone2.id]);
    // Surest first; a record reference per record.
    expect(groups.map((g) => g.score)).toEqual([1, 0.95, 0.9]);
    expect(Object.keys(groups[0]!.records[0]!).sort()).toEqual(['created_at', 'id', 'name', 'updated_at', 'website']);
    const page = await t.api.get('/duplicates?resource=companies&per_page=1&page=2');
    expect(page.body.duplicates).toHaveLength(1);
    expect(page.headers.get('link')).toContain('rel="next"');
    expect((await t.api.get('/duplicates?resource=leads')).status).toBe(422);
    expect((await t.api.get('/duplicates')).status).toBe(422);
  });

  it('groups contacts by name within one company and by mobile phone', async () => {
    const t = await createTestAccount('Contact dupes GC');
    const acme = await company(t, { name: 'Acme' });
    const other = await company(t, { name: 'Other' });
    const post = async (contact: Record<string, unknown>) => (await t.api.post('/contacts', { contact })).body.contact as { id: string };
    const dana1 = await post({ first_name: 'Dana', last_name: 'Ortiz', company_id: acme.id });
    const dana2 = await post({ first_name: 'dana', last_name: 'ORTIZ ', company_id: acme.id, email: 'dana@acme.example' });
    await post({ first_name: 'Dana', last_name: 'Ortiz', company_id: other.id });
    const sam1 = await post({ first_name: 'Sam', mobile_phone: '555-201-3344' });
    const sam2 = await post({ first_name: 'Samuel', mobile_phone: '(555) 201 3344' });
    const groups = (await t.api.get('/duplicates?resource=contacts')).body.duplicates as { records: { id: string }[]; reasons: string[] }[];
    expect(groups.map((g) => [ids(g.records), g.reasons])).toEqual([
      [[sam1.id, sam2.id], ['same phone']],
      [[dana1.id, dana2.id], ['same name in the same company']],
    ]);
  });
});

describe('merging companies', () => {
  it('moves every kind of reference with events; the sources become tombstones and aliases; a dry run writes nothing; undo restores exactly', async () => {
    const industries = a.lookup.industries.map(String);
    const target = await company(a, { name: 'Harbor Point Construction', phone: null, website: 'https://harborpoint.com', industry_ids: [industries[0]] });
    const s1 = await company(a, { name: 'Harbor Point Constr.', phone: '(206) 555-0100', website: 'https://www.hpconstr.com', industry_ids: [industries[1]] });
    const s2 = await company(a, { name: 'harbor point construction llc', description: 'From the 2024 import' });
    const contact = (await a.api.post('/contacts', { contact: { first_name: 'Pat', company_id: s1.id } })).body.contact;
    const movedAway = (await a.api.post('/contacts', { contact: { first_name: 'Lee', company_id: s2.id } })).body.contact;
    const lead = (await a.api.post('/leads', { lead: { name: 'Pier lead', company_id: s1.id } })).body.lead;
    const project = (await a.api.post('/projects', { project: { name: 'Pier project', company_id: s2.id } })).body.project;
    const other = (await a.api.post('/projects', { project: { name: 'Bid project' } })).body.project;
    const call = (await a.api.post('/calls', { call: { notes: 'Called', company_id: s1.id } })).body.call;
    const comment = (await a.api.post('/comments', { comment: { commentable_type: 'company', commentable_id: s1.id, body: 'Same firm as Harbor Point?' } }))
      .body.comment;
    const reminder = (await a.api.post('/reminders', { reminder: { remindable_type: 'company', remindable_id: s2.id, remind_at: '2099-01-04T08:00:00Z' } }))
      .body.reminder;
    // Bids: the target and S1 both bid on `other` (S1's is removed); S2 bid alone on `project`.
    const targetBid = (await a.api.post(`/projects/${other.id}/bid_results`, { bid_result: { company_id: target.id, amount_in_cents: 100 } })).body.bid_result;
    const s1Bid = (await a.api.post(`/projects/${other.id}/bid_results`, { bid_result: { company_id: s1.id, amount_in_cents: 90 } })).body.bid_result;
    const s2Bid = (await a.api.post(`/projects/${project.id}/bid_results`, { bid_result: { company_id: s2.id, amount_in_cents: 80 } })).body.bid_result;
    const [email] = await getDb()
      .insert(emails)
      .values({ accountId: a.accountId, messageId: `merge-${Date.now()}@gc.example`, subject: 'Bid docs', loggedById: a.userId })
      .returning({ id: emails.id });
    await getDb()
      .insert(emailLinks)
      .values({ emailId: email!.id, accountId: a.accountId, recordType: 'company', recordId: Number(s1.id), reason: 'Filed by hand' });

    // A second email filed on both the target and S1: kept once, on the target; S1's link comes back with the undo.
    const [both] = await getDb()
      .insert(emails)
      .values({ accountId: a.accountId, messageId: `merge-both-${Date.now()}@gc.example`, subject: 'Addendum', loggedById: a.userId })
      .returning({ id: emails.id });
    await getDb()
      .insert(emailLinks)
      .values([
        { emailId: both!.id, accountId: a.accountId, recordType: 'company', recordId: Number(target.id), reason: 'Filed by hand' },
        { emailId: both!.id, accountId: a.accountId, recordType: 'company', recordId: Number(s1.id), reason: 'Filed by hand' },
      ]);
    const linksOf = async (emailId: number) =>
      (await getDb().select({ recordId: emailLinks.recordId }).from(emailLinks).where(eq(emailLinks.emailId, emailId)))
        .map((l) => l.recordId)
        .sort((x, y) => x - y);

    const body = { source_ids: [s1.id, s2.id], fields: { phone: s1.id } };
    const dry = await a.api.post(`/companies/${target.id}/merge`, { ...body, dry_run: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.merge).toMatchObject({
      id: null,
      dry_run: true,
      resource: 'companies',
      target: { id: target.id },
      counts: { contacts: 2, leads: 1, projects: 1, calls: 1, comments: 1, reminders: 1, bid_results: 1, emails: 1, memberships: 1, aliases: 3 },
    });
    // Nothing written.
    expect((await a.api.get(`/companies/${s1.id}`)).status).toBe(200);
    expect((await a.api.get(`/contacts/${contact.id}`)).body.contact.company.id).toBe(s1.id);
    expect((await a.api.get('/merges')).body.merges).toEqual([]);

    const done = await a.api.post(`/companies/${target.id}/merge`, body);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const merge = done.body.merge;
    expect(merge).toMatchObject({
      dry_run: false,
      counts: dry.body.merge.counts,
      sources: [
        { id: s1.id, name: 'Harbor Point Constr.' },
        { id: s2.id, name: 'harbor point construction llc' },
      ],
    });
    expect(merge.id).toMatch(/^\d+$/);

    // Every reference is the target's.
    expect((await a.api.get(`/contacts/${contact.id}`)).body.contact.company.id).toBe(target.id);
    expect((await a.api.get(`/leads/${lead.id}`)).body.lead.company.id).toBe(target.id);
    expect((await a.api.get(`/projects/${project.id}`)).body.project.company.id).toBe(target.id);
    expect((await a.api.get(`/calls/${call.id}`)).body.call.company.id).toBe(target.id);
    expect((await a.api.get(`/comments/${comment.id}`)).body.comment.commentable_id).toBe(target.id);
    expect((await a.api.get(`/reminders/${reminder.id}`)).body.reminder.remindable_id).toBe(target.id);
    expect((await a.api.get(`/bid_results/${s2Bid.id}`)).body.bid_result.company.id).toBe(target.id);
    expect((await a.api.get(`/bid_results/${s1Bid.id}`)).status).toBe(404);
    expect((await a.api.get(`/bid_results/${targetBid.id}`)).status).toBe(200);
    const [link] = await getDb().select().from(emailLinks).where(eq(emailLinks.emailId, email!.id));
    expect(link!.recordId).toBe(Number(target.id));
    expect(await linksOf(both!.id)).toEqual([Number(target.id)]);
    const kept = (await a.api.get(`/companies/${target.id}`)).body.company;
    expect(kept).toMatchObject({ name: 'Harbor Point Construction', phone: '(206) 555-0100', website: 'https://harborpoint.com' });
    expect(kept.industries.map((i: { id: string }) => i.id).sort()).toEqual([...industries].sort());
    expect(kept.aliases).toEqual(['Harbor Point Constr.', 'hpconstr.com', 'harbor point construction llc']);

    // The sources are tombstones.
    const gone = await a.api.get(`/companies/${s1.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toEqual({ code: 'merged', merged_into_id: target.id });
    expect((await a.api.patch(`/companies/${s2.id}`, { company: { name: 'x' } })).body.error).toEqual({ code: 'merged', merged_into_id: target.id });
    expect((await a.api.get(`/companies/999999999`)).body.error).toBe('not_found');
    expect((await a.api.get(`/companies?q=${encodeURIComponent('Constr.')}`)).body.companies).toEqual([]);

    // Events: each moved record's update, and one company.merge naming both.
    const events = await getDb()
      .select({ type: webhookMessages.eventType, payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(
        and(
          eq(webhookMessages.accountId, a.accountId),
          inArray(webhookMessages.eventType, [
            'company.merge',
            'contact.update',
            'lead.update',
            'project.update',
            'call.update',
            'comment.update',
            'reminder.update',
            'bid_result.update',
            'bid_result.delete',
            'email.update',
          ]),
        ),
      );
    const of = (type: string) => events.filter((e) => e.type === type).map((e) => (e.payload as { id: string }).id);
    expect(of('company.merge')).toEqual([target.id]);
    expect(events.find((e) => e.type === 'company.merge')!.payload).toMatchObject({ target_id: target.id, source_ids: [s1.id, s2.id] });
    expect(of('contact.update').sort()).toEqual([contact.id, movedAway.id].sort());
    expect(of('lead.update')).toContain(lead.id);
    expect(of('project.update')).toContain(project.id);
    expect(of('call.update')).toContain(call.id);
    expect(of('comment.update')).toContain(comment.id);
    expect(of('reminder.update')).toContain(reminder.id);
    expect(of('bid_result.update')).toContain(s2Bid.id);
    expect(of('bid_result.delete')).toContain(s1Bid.id);
    expect(of('email.update')).toContain(String(email!.id));

    // The next import matches an alias: it updates the target, making no duplicate.
    const imported = await importCompanies(a, 'Name,Description\nHarbor Point Constr.,Marine and civil\n');
    expect(imported).toMatchObject({ created_count: 0, updated_count: 1, error_count: 0 });
    expect((await a.api.get(`/companies/${target.id}`)).body.company).toMatchObject({ name: 'Harbor Point Construction', description: 'Marine and civil' });

    // Something changes since: a moved contact goes to another company. Undo leaves it there.
    const elsewhere = await company(a, { name: 'Elsewhere Co' });
    await a.api.patch(`/contacts/${movedAway.id}`, { contact: { company_id: elsewhere.id } });
    const undone = await a.api.post(`/merges/${merge.id}/undo`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.merge.undone_at).not.toBeNull();
    expect((await a.api.post(`/merges/${merge.id}/undo`)).status).toBe(409);

    const back1 = (await a.api.get(`/companies/${s1.id}`)).body.company;
    expect(back1).toMatchObject({ name: 'Harbor Point Constr.', phone: '(206) 555-0100', website: 'https://www.hpconstr.com', created_at: s1.created_at });
    expect(back1.industries.map((i: { id: string }) => i.id)).toEqual([industries[1]]);
    expect((await a.api.get(`/companies/${s2.id}`)).body.company.description).toBe('From the 2024 import');
    expect((await a.api.get(`/contacts/${contact.id}`)).body.contact.company.id).toBe(s1.id);
    expect((await a.api.get(`/contacts/${movedAway.id}`)).body.contact.company.id).toBe(elsewhere.id);
    expect((await a.api.get(`/leads/${lead.id}`)).body.lead.company.id).toBe(s1.id);
    expect((await a.api.get(`/projects/${project.id}`)).body.project.company.id).toBe(s2.id);
    expect((await a.api.get(`/calls/${call.id}`)).body.call.company.id).toBe(s1.id);
    expect((await a.api.get(`/comments/${comment.id}`)).body.comment.commentable_id).toBe(s1.id);
    expect((await a.api.get(`/reminders/${reminder.id}`)).body.reminder.remindable_id).toBe(s2.id);
    expect((await a.api.get(`/bid_results/${s1Bid.id}`)).body.bid_result).toMatchObject({ company: { id: s1.id }, amount_in_cents: 90 });
    expect((await a.api.get(`/bid_results/${s2Bid.id}`)).body.bid_result.company.id).toBe(s2.id);
    const [linkBack] = await getDb().select().from(emailLinks).where(eq(emailLinks.emailId, email!.id));
    expect(linkBack!.recordId).toBe(Number(s1.id));
    expect(await linksOf(both!.id)).toEqual([Number(target.id), Number(s1.id)].sort((x, y) => x - y));
    const targetBack = (await a.api.get(`/companies/${target.id}`)).body.company;
    expect(targetBack).toMatchObject({ phone: null, aliases: [], description: 'Marine and civil' });
    expect(targetBack.industries.map((i: { id: string }) => i.id)).toEqual([industries[0]]);
    const history = (await a.api.get('/merges')).body.merges;
    expect(history.map((m: { id: string }) => m.id)).toEqual([merge.id]);
  });

  it('refuses what it cannot merge: itself, another account’s, a non-admin, a field it does not take', async () => {
    const target = await company(a, { name: 'Refusal Target' });
    const source = await company(a, { name: 'Refusal Source' });
    const theirs = await company(b, { name: 'Their company' });
    const post = (body: unknown) => a.api.post(`/companies/${target.id}/merge`, body as Record<string, unknown>);
    expect((await post({ source_ids: [target.id] })).status).toBe(422);
    const foreign = await post({ source_ids: [theirs.id] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.details).toHaveProperty('source_ids');
    expect((await post({ source_ids: [] })).status).toBe(422);
    expect((await post({ source_ids: [source.id], fields: { colour: source.id } })).body.details).toHaveProperty(['fields.colour']);
    expect((await post({ source_ids: [source.id], fields: { phone: '999' } })).status).toBe(422);
    expect((await b.api.post(`/companies/${target.id}/merge`, { source_ids: [theirs.id] })).status).toBe(404);
    const userId = await insertUser(getDb(), {
      accountId: a.accountId,
      email: `m.${Math.random().toString(36).slice(2, 9)}@example.com`,
      firstName: 'Mel',
      lastName: 'Member',
    });
    const member = client(await createApiToken(getDb(), { accountId: a.accountId, userId }));
    expect((await member.post(`/companies/${target.id}/merge`, { source_ids: [source.id] })).status).toBe(403);
    expect(
      await getDb()
        .select()
        .from(companies)
        .where(eq(companies.id, Number(source.id))),
    ).toHaveLength(1);
  });
});

describe('merging contacts', () => {
  it('keeps the target, takes a picked email, leaves the source a tombstone and an alias the next lookup knows', async () => {
    const t = await createTestAccount('Contact merge GC');
    const acme = await company(t, { name: 'Acme' });
    const target = (await t.api.post('/contacts', { contact: { first_name: 'Dana', last_name: 'Ortiz', company_id: acme.id } })).body.contact;
    const source = (await t.api.post('/contacts', { contact: { first_name: 'dana', last_name: 'ortiz', email: 'dana@acme.example', company_id: acme.id } }))
      .body.contact;
    const older = (await t.api.post('/contacts', { contact: { first_name: 'D.', last_name: 'Ortiz', email: 'dortiz@old.example' } })).body.contact;
    const task = (await t.api.post('/tasks', { task: { title: 'Call Dana', contact_id: source.id } })).body.task;
    const res = await t.api.post(`/contacts/${target.id}/merge`, { source_ids: [source.id, older.id], fields: { email: source.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.merge.counts).toMatchObject({ tasks: 1 });
    expect((await t.api.get(`/contacts/${target.id}`)).body.contact).toMatchObject({ email: 'dana@acme.example', aliases: ['D. Ortiz', 'dortiz@old.example'] });
    expect((await t.api.get(`/tasks/${task.id}`)).body.task.contact.id).toBe(target.id);
    expect((await t.api.get(`/contacts/${source.id}`)).body.error).toEqual({ code: 'merged', merged_into_id: target.id });
    const events = await getDb()
      .select({ payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(and(eq(webhookMessages.accountId, t.accountId), eq(webhookMessages.eventType, 'contact.merge')));
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ id: target.id, target_id: target.id, source_ids: [source.id, older.id] })]);
    // Undo gives the email back to the source.
    expect((await t.api.post(`/merges/${res.body.merge.id}/undo`)).status).toBe(200);
    expect((await t.api.get(`/contacts/${source.id}`)).body.contact.email).toBe('dana@acme.example');
    expect((await t.api.get(`/contacts/${target.id}`)).body.contact).toMatchObject({ email: null, aliases: [] });
    expect((await t.api.get(`/contacts/${older.id}`)).body.contact.email).toBe('dortiz@old.example');
    expect((await t.api.get(`/tasks/${task.id}`)).body.task.contact.id).toBe(source.id);
    expect(await getDb().select().from(bidResults).where(eq(bidResults.accountId, t.accountId))).toEqual([]);
  });
});
