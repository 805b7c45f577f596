'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { CustomFieldsItem } from '@/components/custom-fields/custom-field-details';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { AddedItem, AddressItem, Breadcrumb, DetailError, DetailItem, DetailList, DetailSkeleton } from '@/components/ui/detail';
import { formatCents, formatDate, humanize } from '@/lib/client/format';
import { useLead, type Lead } from '@/lib/client/hooks/use-leads';
import { AssigneePicker } from './assignee-picker';
import { useLeadActions } from './lead-actions';
import { SnoozeDialog } from './snooze-dialog';
import { RecordTimeline } from '@/components/comments/record-timeline';
import { RecordDocuments } from '@/components/documents/record-documents';
import { RecordEmails } from '@/components/emails/record-emails';
import { RemindMe } from '@/components/reminders/remind-me';

// A lead's own page (/leads/{id}): its fields, its company and contact, and what is done with a
// lead — assign, snooze, archive, convert to a project, edit. Linked from the leads list, the
// command palette and the webhook messages.

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const LeadForm = dynamic(() => import('./lead-form').then((m) => m.LeadForm));

const linkClass = 'font-medium text-blue-800 hover:underline dark:text-blue-300';

const isSnoozed = (lead: Lead) => lead.snooze_until !== null && new Date(lead.snooze_until) > new Date();

export function LeadDetail({ id }: { id: string }) {
  const { data: lead, error, isPending, refetch } = useLead(id);
  const actions = useLeadActions();
  const router = useRouter();
  // The edit dialog keeps the name it opened with (a colleague's rename arriving meanwhile does not retitle it).
  const [editing, setEditing] = useState<string | null>(null);
  const [snoozing, setSnoozing] = useState(false);
  if (error) return <DetailError error={error} what="lead" listHref="/leads" onRetry={() => refetch()} />;
  if (isPending) return <DetailSkeleton />;

  const convertLead = () => {
    if (!window.confirm(`Convert “${lead.name}” into a project? The lead will be archived.`)) return;
    actions.convert(lead, (projectId) => router.push(`/projects/${projectId}`));
  };
  const facts = [lead.company?.name, formatCents(lead.value_in_cents), lead.estimated_start_date ? `starts ${formatDate(lead.estimated_start_date)}` : null];

  return (
    <>
      <Breadcrumb href="/leads" label="Leads" />
      <PageHeader
        title={lead.name}
        description={facts.filter((f) => f && f !== '—').join(' · ') || undefined}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(lead.name)}>
              Edit lead
            </Button>
            <RemindMe type="lead" id={lead.id} name={lead.name} />
            {!lead.archived_at ? (
              <Button variant="secondary" onClick={() => setSnoozing(true)}>
                {isSnoozed(lead) ? 'Change snooze' : 'Snooze'}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => void actions.archive([lead], !lead.archived_at)}>
              {lead.archived_at ? 'Unarchive' : 'Archive'}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (!window.confirm(`Delete “${lead.name}”? You can undo it for a few seconds.`)) return;
                void actions.remove([lead]).then(() => router.push('/leads'));
              }}
            >
              Delete
            </Button>
            {!lead.archived_at ? (
              <Button onClick={convertLead} disabled={actions.converting}>
                Convert to project
              </Button>
            ) : null}
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        {lead.priority ? <Badge tone="green">Priority</Badge> : null}
        {isSnoozed(lead) ? <Badge tone="grey">Snoozed to {formatDate(lead.snooze_until)}</Badge> : null}
        {lead.archived_at ? <Badge tone="grey">Archived {formatDate(lead.archived_at)}</Badge> : null}
        <label className="ml-auto flex items-center gap-2 whitespace-nowrap text-sm text-slate-600 dark:text-slate-400">
          Assigned to
          <AssigneePicker key={`${lead.id}-${lead.updated_at}`} lead={lead} label="Assigned to" />
        </label>
      </div>
      <DetailList>
        <DetailItem label="Company">
          {lead.company ? (
            <Link href={`/companies/${lead.company.id}`} className={linkClass}>
              {lead.company.name}
            </Link>
          ) : null}
        </DetailItem>
        <DetailItem label="Contact">
          {lead.contact ? (
            <Link href={`/contacts/${lead.contact.id}`} className={linkClass}>
              {lead.contact.name ?? lead.contact.email}
            </Link>
          ) : null}
        </DetailItem>
        <DetailItem label="Value">{lead.value_in_cents === null ? null : formatCents(lead.value_in_cents)}</DetailItem>
        <DetailItem label="Estimated start">{lead.estimated_start_date ? formatDate(lead.estimated_start_date) : null}</DetailItem>
        <DetailItem label="Construction duration">
          {lead.construction_duration === null ? null : `${lead.construction_duration} ${humanize(lead.construction_duration_unit ?? 'days').toLowerCase()}`}
        </DetailItem>
        <DetailItem label="Work scope">{lead.work_scope ? humanize(lead.work_scope) : null}</DetailItem>
        <DetailItem label="Square feet">{lead.square_feet === null ? null : lead.square_feet.toLocaleString('en-US')}</DetailItem>
        <DetailItem label="Units">{lead.units === null ? null : lead.units.toLocaleString('en-US')}</DetailItem>
        <DetailItem label="Market sector">{lead.market_sector?.name}</DetailItem>
        <DetailItem label="Lead source">{lead.lead_source?.name}</DetailItem>
        <DetailItem label="Division">{lead.division?.name}</DetailItem>
        <DetailItem label="Contract type">{lead.contract_type?.name}</DetailItem>
        <DetailItem label="Delivery method">{lead.delivery_method?.name}</DetailItem>
        <DetailItem label="Tender type">{lead.tender_type?.name}</DetailItem>
        <AddressItem address={lead.address} />
        <AddedItem record={lead} />
        <DetailItem label="Updated">{formatDate(lead.updated_at)}</DetailItem>
        <DetailItem label="Description" wide>
          {lead.description ? <span className="whitespace-pre-line">{lead.description}</span> : null}
        </DetailItem>
        <CustomFieldsItem resource="leads" values={lead.custom_fields} />
      </DetailList>
      <div className="mt-4 space-y-4">
        <RecordDocuments type="lead" id={lead.id} />
        <RecordEmails type="lead" id={lead.id} />
        <RecordTimeline type="lead" id={lead.id} />
      </div>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={`Edit “${editing ?? lead.name}”`} wide>
        {editing !== null ? <LeadForm lead={lead} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      <SnoozeDialog leads={snoozing ? [lead] : []} onClose={() => setSnoozing(false)} />
    </>
  );
}
