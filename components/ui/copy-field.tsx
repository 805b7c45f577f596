'use client';

import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from './button';
import { Field, Input } from './field';

/** A read-only secret (or id) with a Copy button. */
export function CopyField({ label, value, what }: { label: string; value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(`${what} copied to the clipboard.`);
    } catch {
      toast.error(`Could not copy: select the ${what.toLowerCase()} and copy it yourself.`);
    }
  };
  return (
    <Field label={label}>
      {(a) => (
        <div className="flex gap-2">
          <Input {...a} value={value} readOnly className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
          {/* The field's name in hidden text rather than aria-label: a screen reader hears "Copy client
              secret", and the field's label still names the field alone. */}
          <Button variant="secondary" onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
            <span className="sr-only"> {label.toLowerCase()}</span>
          </Button>
        </div>
      )}
    </Field>
  );
}

/** A warning that needs reading before going on (a secret shown once, an endpoint disabled). */
export function Notice({ role = 'status', children }: { role?: 'status' | 'note'; children: ReactNode }) {
  return (
    <p
      role={role}
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {children}
    </p>
  );
}

/** A secret shown once: why it matters, the secret with its Copy button, and Done. */
export function SecretOnce({ notice, label, value, what, onDone }: { notice: ReactNode; label: string; value: string; what: string; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <Notice>{notice}</Notice>
      <CopyField label={label} value={value} what={what} />
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
