'use client';

import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

/** What a form inside a dialog tells it, under its own key: whether it holds changes not saved yet. */
const DirtyContext = createContext<((form: string, dirty: boolean) => void) | null>(null);

/**
 * A form in a dialog reports its unsaved changes: the dialog then asks before a stray Esc or click
 * outside loses them. Each form reports for itself, so a dialog of several forms (a person's
 * details beside their time off) asks while any one of them holds changes.
 */
export function useDialogDirty(dirty: boolean) {
  const report = useContext(DirtyContext);
  const form = useId();
  useEffect(() => {
    report?.(form, dirty);
    return () => report?.(form, false);
  }, [report, form, dirty]);
}

/**
 * A modal on the native <dialog>: focus trap, Escape and the backdrop close it; opens on the
 * autoFocus field. While a form inside holds unsaved changes, Escape, the backdrop and ✕ ask
 * "Discard changes?" first.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // The forms inside holding unsaved changes, by their keys.
  const dirtyForms = useRef(new Set<string>());
  const [asking, setAsking] = useState(false);
  const [report] = useState(() => (form: string, dirty: boolean) => {
    if (dirty) dirtyForms.current.add(form);
    else dirtyForms.current.delete(form);
  });
  const dirty = () => dirtyForms.current.size > 0;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first focusable element (the close button): the field marked
      // autoFocus (components/ui/field.tsx) takes focus instead.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  /** A close the person may not have meant: with unsaved changes, ask first. */
  const requestClose = () => {
    if (dirty()) setAsking(true);
    else onClose();
  };
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onCancel={(e) => {
        if (!dirty()) return;
        e.preventDefault();
        setAsking(true);
      }}
      onClose={() => {
        setAsking(false);
        onClose();
      }}
      onClick={(e) => e.target === ref.current && requestClose()}
      className={`m-auto w-[calc(100%-1.5rem)] ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 dark:bg-slate-900 dark:text-slate-100`}
    >
      {open ? (
        <div className="max-h-[85vh] overflow-y-auto p-5">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 className="text-lg font-semibold">{title}</h2>
            <button type="button" onClick={requestClose} aria-label="Close" className="rounded p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800">
              ✕
            </button>
          </div>
          {asking ? (
            <div
              role="alertdialog"
              aria-label="Discard changes?"
              className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              <span className="font-medium">Discard changes? What you typed here is not saved.</span>
              <span className="flex gap-2">
                <Button size="sm" variant="secondary" autoFocus onClick={() => setAsking(false)}>
                  Keep editing
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => {
                    dirtyForms.current.clear();
                    setAsking(false);
                    onClose();
                  }}
                >
                  Discard changes
                </Button>
              </span>
            </div>
          ) : null}
          <DirtyContext.Provider value={report}>{children}</DirtyContext.Provider>
        </div>
      ) : null}
    </dialog>
  );
}
