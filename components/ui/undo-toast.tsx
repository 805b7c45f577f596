import type { ReactNode } from 'react';
import { toast } from 'sonner';

/** How long a done change offers its Undo. */
const UNDO_MS = 10_000;

/** A done change's toast, with Undo (`undo` reverts it through the API). */
export function toastWithUndo(message: ReactNode, undo: () => unknown) {
  toast.success(message, { duration: UNDO_MS, action: { label: 'Undo', onClick: () => void undo() } });
}
