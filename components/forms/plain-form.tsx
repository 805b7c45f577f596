import { Button } from '@/components/ui/button';
import type { FormHTMLAttributes, ReactNode } from 'react';

/** A form the page submits itself: no reload, `onSubmit` runs (and may be async) instead. */
export function PlainForm({
  onSubmit,
  className = 'space-y-4',
  children,
  ...props
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { onSubmit: () => unknown; children: ReactNode }) {
  return (
    <form
      {...props}
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * A plain form's buttons, right-aligned: "Cancel" when there is `onCancel`, then the submit button,
 * `busy` ("Saving…") and off while `pending`. A record form's is `SubmitRow`.
 */
export function SaveButtons({
  label,
  pending,
  onCancel,
  busy = 'Saving…',
  size,
}: {
  label: string;
  pending: boolean;
  onCancel?: () => void;
  busy?: string;
  size?: 'sm' | 'md';
}) {
  return (
    <div className="flex justify-end gap-2">
      {onCancel ? (
        <Button variant="secondary" size={size} onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" size={size} disabled={pending}>
        {pending ? busy : label}
      </Button>
    </div>
  );
}
