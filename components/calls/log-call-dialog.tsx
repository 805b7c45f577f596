'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { type ButtonVariant, Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { Call } from '@/lib/client/hooks/use-calls';
import type { CallPrefill } from './call-form';

export type { CallPrefill } from './call-form';

// The form (react-hook-form, the API's zod schemas) loads when the dialog first opens.
const CallForm = dynamic(() => import('./call-form').then((m) => m.CallForm));

/**
 * The "Log a call" dialog, for any page that shows a contact, a company or a project: `prefill`
 * fills in the record it was opened from. With `call`, it edits that call instead.
 */
export function LogCallDialog({ open, onClose, prefill = {}, call }: { open: boolean; onClose: () => void; prefill?: CallPrefill; call?: Call }) {
  return (
    <Dialog open={open} onClose={onClose} title={call ? 'Edit call' : 'Log a call'} wide>
      {open ? <CallForm key={call?.id ?? 'new'} call={call} prefill={prefill} onDone={onClose} /> : null}
    </Dialog>
  );
}

/** A "Log a call" button with its dialog. */
export function LogCallButton({ prefill, variant = 'primary', label = 'Log a call' }: { prefill?: CallPrefill; variant?: ButtonVariant; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <LogCallDialog open={open} onClose={() => setOpen(false)} prefill={prefill} />
    </>
  );
}
