import { Button } from '@/components/ui/button';

/**
 * A form's buttons, right-aligned: "Cancel" when there is `onCancel`, then the submit button,
 * `busy` ("Saving…") and off while `pending`. A record form without "Cancel" has `SubmitRow`.
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
