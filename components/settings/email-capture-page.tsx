'use client';

import { toast } from 'sonner';
import { useAccess } from '@/components/shell/access-context';
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import { ErrorState, Skeleton } from '@/components/ui/states';
import { useEmailCapture, useRotateEmailCapture, useUpdateEmailCapture } from '@/lib/client/hooks/use-emails';
import { PANEL } from '@/components/ui/section-card';
import { AppSteps } from './app-steps';

/** How to copy the address on mail from the common mail apps. */
const APPS = [
  {
    name: 'Outlook',
    steps:
      'In a new message choose Options → Bcc (or “Show Bcc”), and paste the address there. To keep a copy of a mail you received, choose Forward and send it to the address.',
  },
  {
    name: 'Gmail',
    steps: 'In a new message choose Bcc at the right of the To line and paste the address. For a mail you received, choose Forward and send it to the address.',
  },
  {
    name: 'On a record',
    steps:
      'To file a mail on one project even if its people are not contacts yet, put “+project-” and the project’s number before the @, as in the example below.',
  },
] as const;

/** Settings → Email capture: the address, how to use it, who may file, and (admins) rotate it or make contacts of strangers. */
export function EmailCapturePage() {
  const capture = useEmailCapture();
  const rotate = useRotateEmailCapture();
  const update = useUpdateEmailCapture();
  const { role } = useAccess();
  const admin = role === 'admin';
  if (capture.isPending) return <Skeleton className="h-40" />;
  if (capture.error) return <ErrorState error={capture.error} onRetry={() => void capture.refetch()} />;
  const { address, create_contacts } = capture.data;
  const [local, domain] = address.split('@');
  return (
    <section aria-labelledby="email-capture-heading" className="space-y-4">
      <div>
        <h2 id="email-capture-heading" className="text-lg font-semibold">
          Email capture
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          BCC or forward mail to this address and it lands on the contacts in it, their companies and their five most recently updated open projects and leads —
          with its attachments as documents. Only mail sent by a user of this account is taken.
        </p>
      </div>
      <div className={PANEL}>
        <CopyField label="Your account’s address" value={address} what="The address" />
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          For one project: <span className="break-all font-mono">{`${local}+project-42@${domain}`}</span> (use the project’s number; also +lead-, +company- and
          +contact-).
        </p>
      </div>
      <div className={PANEL}>
        <h3 className="font-medium">How to use it</h3>
        <AppSteps apps={APPS} className="mt-2 space-y-2" />
      </div>
      {admin ? (
        <div className={`${PANEL} space-y-3`}>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={create_contacts}
              disabled={update.isPending}
              onChange={(e) =>
                update.mutate(
                  { create_contacts: e.target.checked },
                  { onSuccess: () => toast.success(e.target.checked ? 'New addresses will become contacts.' : 'New addresses will be left alone.') },
                )
              }
            />
            <span>
              Make a contact of each new address in From, To or Cc
              <span className="block text-xs text-slate-600 dark:text-slate-400">Off: mail is filed only on people who are already contacts.</span>
            </span>
          </label>
          <div>
            <Button
              variant="secondary"
              disabled={rotate.isPending}
              onClick={() => {
                if (!window.confirm('Get a new address? Mail sent to the current one will be refused from now on.')) return;
                rotate.mutate(undefined, { onSuccess: () => toast.success('The address was changed. Share the new one with your team.') });
              }}
            >
              Get a new address
            </Button>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">If the address got out, a new one stops mail to the old one.</p>
          </div>
        </div>
      ) : null}
    </section>
  );
}
