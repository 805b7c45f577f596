'use client';

import dynamic from 'next/dynamic';
import { Dialog } from '@/components/ui/dialog';
import type { Lead } from '@/lib/client/hooks/use-leads';

// The form (react-hook-form and the lead's schema) loads as the dialog first opens, out of the leads pages' first-load JavaScript.
const SnoozeForm = dynamic(() => import('./snooze-form').then((m) => m.SnoozeForm));

/** Snooze one lead or several: a preset (later today, tomorrow, next Monday, in a month) or a picked day, at 8 AM. */
export function SnoozeDialog({ leads, onClose }: { leads: readonly Lead[]; onClose: () => void }) {
  const title = leads.length === 1 ? `Snooze “${leads[0]!.name}”` : `Snooze ${leads.length} leads`;
  // The form mounts as the dialog opens: it edits the leads as they are then.
  return (
    <Dialog open={leads.length > 0} onClose={onClose} title={title}>
      <SnoozeForm leads={leads} onClose={onClose} />
    </Dialog>
  );
}
