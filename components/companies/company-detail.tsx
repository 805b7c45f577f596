'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { CallList } from '@/components/calls/call-list';
import { CustomFieldsItem } from '@/components/custom-fields/custom-field-details';
import { LogCallButton } from '@/components/calls/log-call-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { AddedItem, AddressItem, Breadcrumb, DetailError, DetailItem, DetailList, DetailSkeleton } from '@/components/ui/detail';
import { listState, SectionCard } from '@/components/ui/section-card';
import { formatCents, formatDate, formatDollars, websiteHref } from '@/lib/client/format';
import { useCalls } from '@/lib/client/hooks/use-calls';
import { useCompany, type Company } from '@/lib/client/hooks/use-companies';
import { useContacts } from '@/lib/client/hooks/use-contacts';
import { useLeads } from '@/lib/client/hooks/use-leads';
import { useProjects } from '@/lib/client/hooks/use-projects';
import { humanize } from '@/lib/client/format';
import { companyRelatedParams } from './companies-params';
import { RecordTimeline } from '@/components/comments/record-timeline';
import { RecordDocuments } from '@/components/documents/record-documents';
import { RecordEmails } from '@/components/emails/record-emails';
import { RemindMe } from '@/components/reminders/remind-me';
import { MergedNotice } from '@/components/duplicates/merged-notice';
import { mergedIntoId } from '@/lib/client/hooks/use-merges';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const CompanyForm = dynamic(() => import('./company-form').then((m) => m.CompanyForm));

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const ContactForm = dynamic(() => import('@/components/contacts/contact-form').then((m) => m.ContactForm));

const linkClass = 'font-medium text-blue-800 hover:underline dark:text-blue-300';
const rowClass = 'flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-4 py-2.5 text-sm';

function Related({ company }: { company: Company }) {
  const [addingContact, setAddingContact] = useState(false);
  const related = companyRelatedParams(company.id);
  const contacts = useContacts(related.contacts);
  const leads = useLeads(related.leads);
  const projects = useProjects(related.projects);
  const calls = useCalls(related.calls);
  const asOption = { id: company.id, name: company.name };
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <SectionCard
        title="Contacts"
        total={contacts.data?.total}
        allHref={`/contacts?company_id=${company.id}`}
        actions={
          <Button variant="secondary" size="sm" onClick={() => setAddingContact(true)}>
            New contact
          </Button>
        }
        query={listState(contacts)}
        empty={{ title: 'No contacts yet.', hint: 'Add the people you deal with at this company with “New contact”.' }}
      >
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {contacts.data?.items.map((c) => (
            <li key={c.id} className={rowClass}>
              <Link href={`/contacts/${c.id}`} className={linkClass}>
                {c.name ?? c.email ?? `Contact #${c.id}`}
              </Link>
              <span className="text-slate-600 dark:text-slate-400">{[c.job_title, c.email].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ul>
      </SectionCard>
      <SectionCard
        title="Calls"
        total={calls.data?.total}
        allHref={`/calls?company_id=${company.id}`}
        query={listState(calls)}
        empty={{ title: 'No calls logged.', hint: 'Log one with “Log a call” after you talk to someone here.' }}
      >
        <CallList calls={calls.data?.items ?? []} hide={['company']} />
      </SectionCard>
      <SectionCard
        title="Leads"
        total={leads.data?.total}
        allHref={`/leads?company_id=${company.id}`}
        query={listState(leads)}
        empty={{ title: 'No open leads.', hint: 'Leads for this company show here once they are created on the Leads page.' }}
      >
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {leads.data?.items.map((l) => (
            <li key={l.id} className={rowClass}>
              <Link href={`/leads/${l.id}`} className={linkClass}>
                {l.name}
              </Link>
              <span className="tabular-nums text-slate-600 dark:text-slate-400">
                {formatCents(l.value_in_cents)} · {l.assigned_to?.name ?? 'Unassigned'}
              </span>
            </li>
          ))}
        </ul>
      </SectionCard>
      <SectionCard
        title="Projects"
        total={projects.data?.total}
        allHref={`/projects?company_id=${company.id}`}
        query={listState(projects)}
        empty={{ title: 'No projects.', hint: 'Projects for this company show here once a lead is converted or a project is created.' }}
      >
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {projects.data?.items.map((p) => (
            <li key={p.id} className={rowClass}>
              <Link href={`/projects/${p.id}`} className={linkClass}>
                {p.name}
              </Link>
              <span className="tabular-nums text-slate-600 dark:text-slate-400">
                {p.project_stage?.name ?? '—'} · {formatDollars(p.amount)}
              </span>
            </li>
          ))}
        </ul>
      </SectionCard>
      <Dialog open={addingContact} onClose={() => setAddingContact(false)} title={`New contact at ${company.name}`} wide>
        {addingContact ? <ContactForm company={asOption} onDone={() => setAddingContact(false)} /> : null}
      </Dialog>
    </div>
  );
}

export function CompanyDetail({ id }: { id: string }) {
  const { data: company, error, isPending, refetch } = useCompany(id);
  const [editing, setEditing] = useState(false);
  // A company merged into another: say which, with a link there.
  const mergedInto = mergedIntoId(error);
  if (mergedInto) return <MergedNotice resource="companies" into={mergedInto} />;
  if (error) return <DetailError error={error} what="company" listHref="/companies" onRetry={() => refetch()} />;
  if (isPending) return <DetailSkeleton />;
  return (
    <>
      <Breadcrumb href="/companies" label="Companies" />
      <PageHeader
        title={company.name}
        description={[company.category ? humanize(company.category) : null, company.address.city].filter(Boolean).join(' · ') || undefined}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit company
            </Button>
            <LogCallButton prefill={{ company: { id: company.id, name: company.name } }} />
            <RemindMe type="company" id={company.id} name={company.name} />
          </>
        }
      />
      <DetailList>
        {company.aliases.length ? (
          <DetailItem label="Also known as" wide>
            {company.aliases.join(', ')}
          </DetailItem>
        ) : null}
        <DetailItem label="Category">{company.category ? humanize(company.category) : null}</DetailItem>
        <DetailItem label="Phone">
          {company.phone ? (
            <a href={`tel:${company.phone}`} className={linkClass}>
              {company.phone}
            </a>
          ) : null}
        </DetailItem>
        <DetailItem label="Website">
          {company.website ? (
            <a href={websiteHref(company.website)} className={linkClass} target="_blank" rel="noreferrer">
              {company.website}
            </a>
          ) : null}
        </DetailItem>
        <DetailItem label="Industries">{company.industries.map((i) => i.name).join(', ')}</DetailItem>
        <AddressItem address={company.address} />
        <AddedItem record={company} />
        <DetailItem label="Updated">{formatDate(company.updated_at)}</DetailItem>
        <DetailItem label="Description" wide>
          {company.description ? <span className="whitespace-pre-line">{company.description}</span> : null}
        </DetailItem>
        <CustomFieldsItem resource="companies" values={company.custom_fields} />
      </DetailList>
      <Related company={company} />
      <div className="mt-4 space-y-4">
        <RecordDocuments type="company" id={company.id} />
        <RecordEmails type="company" id={company.id} />
        <RecordTimeline type="company" id={company.id} />
      </div>
      <Dialog open={editing} onClose={() => setEditing(false)} title={`Edit “${company.name}”`} wide>
        {editing ? <CompanyForm company={company} onDone={() => setEditing(false)} /> : null}
      </Dialog>
    </>
  );
}
