'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClass } from '@/components/ui/field';
import { ListStates } from '@/components/ui/list-states';
import { RelativeTime } from '@/components/ui/relative-time';
import { SectionCard } from '@/components/ui/section-card';
import { ApiClientError } from '@/lib/client/api-client';
import { useDeleteEmail, useEmails, useUpdateEmail, type Email } from '@/lib/client/hooks/use-emails';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import type { EmailRecordType } from '@/lib/shared/validation/emails';
import { EmailDetails } from './email-details';

// A record's captured email (docs/email-capture.md): newest first, each opened in place; Re-file
// moves it (off this record, onto a project or lead), Delete removes it. Mail arrives by BCC or
// forward to the account's address (Settings → Email capture).

const message = (e: unknown, fallback: string) => (e instanceof ApiClientError ? e.message : fallback);

const FIELD: Record<EmailRecordType, 'contact_ids' | 'company_ids' | 'project_ids' | 'lead_ids'> = {
  contact: 'contact_ids',
  company: 'company_ids',
  project: 'project_ids',
  lead: 'lead_ids',
};
const PLURAL: Record<EmailRecordType, 'contacts' | 'companies' | 'projects' | 'leads'> = {
  contact: 'contacts',
  company: 'companies',
  project: 'projects',
  lead: 'leads',
};

/** Re-file: take it off this record, or put it on a project or lead too. */
function RefileDialog({ email, type, id, onClose }: { email: Email; type: EmailRecordType; id: string; onClose: () => void }) {
  const update = useUpdateEmail();
  const [kind, setKind] = useState<'project' | 'lead'>('project');
  const [target, setTarget] = useState('');
  const options = useOptions(`/${PLURAL[kind]}`, PLURAL[kind]).data ?? [];
  const save = (changes: Record<string, string[]>, done: string) =>
    update.mutate(
      { id: email.id, changes, base: email },
      {
        onSuccess: () => {
          toast.success(done);
          onClose();
        },
        onError: (e) => toast.error(message(e, 'The email was not re-filed.')),
      },
    );
  const on = (t: EmailRecordType) => email[PLURAL[t]].map((r) => r.id);
  return (
    <Dialog open onClose={onClose} title={`Re-file “${email.subject ?? 'this email'}”`}>
      <div className="space-y-4 text-sm">
        <p>It is filed on {email.contacts.length + email.companies.length + email.projects.length + email.leads.length} records you see.</p>
        <Button variant="secondary" onClick={() => save({ [FIELD[type]]: on(type).filter((r) => r !== id) }, `Taken off this ${type}.`)}>
          Take it off this {type}
        </Button>
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (target) save({ [FIELD[kind]]: [...new Set([...on(kind), target])] }, `Filed on the ${kind} too.`);
          }}
        >
          <p className="font-medium">File it on another record too</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <label className="sr-only" htmlFor="refile-kind">
              Kind of record
            </label>
            <select
              id="refile-kind"
              className={`${inputClass} sm:w-32`}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as 'project' | 'lead');
                setTarget('');
              }}
            >
              <option value="project">Project</option>
              <option value="lead">Lead</option>
            </select>
            <label className="sr-only" htmlFor="refile-target">
              Which {kind}
            </label>
            <select id="refile-target" className={`${inputClass} sm:flex-1`} value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">Choose a {kind}…</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
            <Button type="submit" disabled={!target || update.isPending}>
              File it there
            </Button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}

function EmailRow({ email, type, id }: { email: Email; type: EmailRecordType; id: string }) {
  const remove = useDeleteEmail();
  const [refiling, setRefiling] = useState(false);
  const from = email.from ? (email.from.name ?? email.from.email) : 'Unknown sender';
  return (
    <li className="px-4 py-3">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="break-words font-medium text-slate-900 dark:text-slate-100">{email.subject ?? '(no subject)'}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {from} · <RelativeTime at={email.sent_at ?? email.created_at} />
            {email.documents.length ? ` · ${new Set(email.documents.map((d) => d.name)).size} attachment(s)` : ''}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="sm" onClick={() => setRefiling(true)} aria-label={`Re-file ${email.subject ?? 'the email'}`}>
            Re-file
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${email.subject ?? 'the email'}`}
            disabled={remove.isPending}
            onClick={() => {
              if (!window.confirm('Delete this email from Groundwork? Its attachments stay, as documents.')) return;
              remove.mutate(email.id, { onError: (e) => toast.error(message(e, 'The email was not deleted.')) });
            }}
          >
            Delete
          </Button>
        </div>
      </div>
      <EmailDetails email={email} />
      {refiling ? <RefileDialog email={email} type={type} id={id} onClose={() => setRefiling(false)} /> : null}
    </li>
  );
}

export function RecordEmails({ type, id }: { type: EmailRecordType; id: string }) {
  const query = useEmails({ [`${type}_id`]: id, per_page: 50 });
  const items = query.data?.items ?? [];
  return (
    <SectionCard title="Email" total={query.data?.total}>
      <ListStates
        query={query}
        noun="email"
        isEmpty={items.length === 0}
        empty="No email yet. BCC or forward mail to your account’s address (Settings → Email capture) and it lands on the records of the people in it."
      >
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((email) => (
            <EmailRow key={email.id} email={email} type={type} id={id} />
          ))}
        </ul>
      </ListStates>
    </SectionCard>
  );
}
