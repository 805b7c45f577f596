'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

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
          <Button variant="secondary" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      )}
    </Field>
  );
}
