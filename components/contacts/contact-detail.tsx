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
import { AddedItem, Breadcrumb, DetailError, DetailItem, DetailList, DetailSkeleton } from '@/components/ui/detail';
import { listState, SectionCard } from '@/components/ui/section-card';
import { useCalls } from '@/lib/client/hooks/use-calls';
import { useContact, type Contact } from '@/lib/client/hooks/use-contacts';
import { contactCallsParams } from './contacts-params';
import { RecordTimeline } from '@/components/comments/record-timeline';
import { RecordDocuments } from '@/components/documents/record-documents';
import { RecordEmails } from '@/components/emails/record-emails';
import { RemindMe } from '@/components/reminders/remind-me';
import { MergedNotice } from '@/components/duplicates/merged-notice';
import { mergedIntoId } from '@/lib/client/hooks/use-merges';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const ContactForm = dynamic(() => import('./contact-form').then((m) => m.ContactForm));

const linkClass = 'font-medium text-blue-800 hover:underline dark:text-blue-300';

const displayName = (c: Contact) => c.name ?? c.email ?? `Contact #${c.id}`;

function Calls({ contact }: { contact: Contact }) {
  const calls = useCalls(contactCallsParams(contact.id));
  return (
    <SectionCard
      title="Calls"
      total={calls.data?.total}
      allHref={`/calls?contact_id=${contact.id}`}
      query={listState(calls)}
      empty={{ title: 'No calls logged.', hint: `Log one with “Log a call” after you talk to ${contact.first_name ?? displayName(contact)}.` }}
    >
      <CallList calls={calls.data?.items ?? []} hide={['contact']} />
    </SectionCard>
  );
}

export function ContactDetail({ id }: { id: string }) {
  const { data: contact, error, isPending, refetch } = useContact(id);
  const [editing, setEditing] = useState(false);
  // A contact merged into another: say which, with a link there.
  const mergedInto = mergedIntoId(error);
  if (mergedInto) return <MergedNotice resource="contacts" into={mergedInto} />;
  if (error) return <DetailError error={error} what="contact" listHref="/contacts" onRetry={() => refetch()} />;
  if (isPending) return <DetailSkeleton />;
  const name = displayName(contact);
  const company = contact.company ? { id: contact.company.id, name: contact.company.name } : null;
  return (
    <>
      <Breadcrumb href="/contacts" label="Contacts" />
      <PageHeader
        title={name}
        description={[contact.job_title, contact.company?.name].filter(Boolean).join(' · ') || undefined}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit contact
            </Button>
            <LogCallButton prefill={{ contact: { id: contact.id, name, company }, company }} />
            <RemindMe type="contact" id={contact.id} name={name} />
          </>
        }
      />
      <DetailList>
        {contact.aliases.length ? (
          <DetailItem label="Also known as" wide>
            {contact.aliases.join(', ')}
          </DetailItem>
        ) : null}
        <DetailItem label="Company">
          {contact.company ? (
            <Link href={`/companies/${contact.company.id}`} className={linkClass}>
              {contact.company.name}
            </Link>
          ) : null}
        </DetailItem>
        <DetailItem label="Job title">{contact.job_title}</DetailItem>
        <DetailItem label="Email">
          {contact.email ? (
            <a href={`mailto:${contact.email}`} className={linkClass}>
              {contact.email}
            </a>
          ) : null}
        </DetailItem>
        <DetailItem label="LinkedIn">
          {contact.linked_in_profile_url ? (
            <a href={contact.linked_in_profile_url} className={linkClass} target="_blank" rel="noreferrer">
              Profile<span className="sr-only"> of {name} on LinkedIn</span>
            </a>
          ) : null}
        </DetailItem>
        <DetailItem label="Mobile phone">
          {contact.mobile_phone ? (
            <a href={`tel:${contact.mobile_phone}`} className={linkClass}>
              {contact.mobile_phone}
            </a>
          ) : null}
        </DetailItem>
        <DetailItem label="Office phone">
          {contact.office_phone ? (
            <a href={`tel:${contact.office_phone}`} className={linkClass}>
              {contact.office_phone}
            </a>
          ) : null}
        </DetailItem>
        <DetailItem label="Assigned to">{contact.assigned_to?.name}</DetailItem>
        <AddedItem record={contact} />
        <CustomFieldsItem resource="contacts" values={contact.custom_fields} />
      </DetailList>
      <Calls contact={contact} />
      <div className="mt-4 space-y-4">
        <RecordDocuments type="contact" id={contact.id} />
        <RecordEmails type="contact" id={contact.id} />
        <RecordTimeline type="contact" id={contact.id} />
      </div>
      <Dialog open={editing} onClose={() => setEditing(false)} title={`Edit “${name}”`} wide>
        {editing ? <ContactForm contact={contact} onDone={() => setEditing(false)} /> : null}
      </Dialog>
    </>
  );
}
