'use client';

import { formatDateTime } from '@/lib/client/format';
import type { Email } from '@/lib/client/hooks/use-emails';

// One captured email, opened: who wrote to whom and when, its text, its attachments and where it is
// filed and why. The text is shown as text: the message's HTML (sanitized by the server, remote
// images held back) is never put into the page.

const who = (a: { name: string | null; email: string }) => (a.name ? `${a.name} <${a.email}>` : a.email);

export function EmailDetails({ email }: { email: Email }) {
  return (
    <details className="mt-1 text-sm">
      <summary className="cursor-pointer text-xs font-medium text-blue-700 hover:underline dark:text-blue-400">Read the email</summary>
      <div className="mt-2 space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-700 dark:text-slate-300">
          {email.from ? (
            <>
              <dt className="font-medium">From</dt>
              <dd className="min-w-0 break-words">{who(email.from)}</dd>
            </>
          ) : null}
          {email.to.length ? (
            <>
              <dt className="font-medium">To</dt>
              <dd className="min-w-0 break-words">{email.to.map(who).join(', ')}</dd>
            </>
          ) : null}
          {email.cc.length ? (
            <>
              <dt className="font-medium">Cc</dt>
              <dd className="min-w-0 break-words">{email.cc.map(who).join(', ')}</dd>
            </>
          ) : null}
          {email.sent_at ? (
            <>
              <dt className="font-medium">Sent</dt>
              <dd>{formatDateTime(email.sent_at)}</dd>
            </>
          ) : null}
        </dl>
        <p className="max-h-80 overflow-y-auto whitespace-pre-wrap break-words text-slate-900 dark:text-slate-100">
          {email.text_body?.trim() || 'This email has no text.'}
        </p>
        {email.documents.length ? (
          <ul aria-label="Attachments" className="flex flex-wrap gap-2 text-xs">
            {[...new Map(email.documents.map((d) => [d.name, d])).values()].map((d) => (
              <li key={d.id}>
                <a
                  href={`/api/2023-01/documents/${d.id}/download`}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium text-blue-700 hover:underline dark:text-blue-400"
                >
                  {d.name}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {email.skipped_attachments.length ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">Not kept (too large): {email.skipped_attachments.join(', ')}</p>
        ) : null}
        {email.filed_because.length ? (
          <div className="text-xs text-slate-600 dark:text-slate-400">
            <p className="font-medium">Filed here because</p>
            <ul className="list-disc pl-4">
              {email.filed_because.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </details>
  );
}
