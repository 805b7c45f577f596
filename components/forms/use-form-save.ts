'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorsFromApi, validatePayload } from '@/lib/client/forms';
import { useEditConflict } from './edit-conflict';

type Json = Record<string, unknown>;

/** How a hand-built form edits a record: the same If-Match and conflict panel as `useRecordSubmit`. */
interface Edit<T> {
  /** The record being edited; undefined when adding one. */
  record: T | undefined;
  /** What the form would send for `record` untouched: what the user changed is the difference. */
  original: (record: T) => Json;
  /** Save `changes` on `base`, with its If-Match. */
  update: (changes: Json, base: T) => Promise<unknown>;
  /** "Discard mine": show their version in the form. */
  discard: (current: T) => void;
}

/**
 * The errors of a hand-built form (no react-hook-form) and its steps: `check` the payload with the
 * API's own schema (its issues shown, keyed by API field), then `save` it (a create) or `saveEdit`
 * it (an update of `edit.record`, as last saved or re-based): a toast and `onDone` when the API
 * takes it, its refusal next to the fields when not, and on a 412 (someone else saved the record in
 * between) the conflict panel, `conflict`, which re-applies only the user's changes on their version.
 */
export function useFormSave<T extends object = Json>(edit?: Edit<T>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const editing = useEditConflict(edit?.record, (record) => edit!.original(record));
  // The toast and next step of the save that ran into a conflict, for when the panel re-applied it.
  const [pending, setPending] = useState<{ success: string | (() => string); onDone: () => void }>();

  /** True when the API's schema takes `payload`; else its issues are shown. */
  const check = (schema: z.ZodType, payload: Json) => {
    const invalid = validatePayload(schema, payload);
    if (Object.keys(invalid).length === 0) return true;
    setErrors(invalid);
    return false;
  };
  const saved = (success: string | (() => string), onDone: () => void) => {
    toast.success(typeof success === 'string' ? success : success());
    onDone();
  };
  const save = async (write: () => Promise<unknown>, success: string | (() => string), onDone: () => void, payload?: Json) => {
    try {
      await write();
      saved(success, onDone);
    } catch (error) {
      if (payload && editing.caught(error, payload)) {
        setErrors({});
        setPending({ success, onDone });
        return;
      }
      setErrors(errorsFromApi(error));
    }
  };
  /** Save `payload` on the record (with the If-Match of the version the form has). */
  const saveEdit = (payload: Json, success: string | (() => string), onDone: () => void) =>
    save(() => edit!.update(payload, editing.base!), success, onDone, payload);

  const conflict = edit
    ? editing.panel(
        async (changes, current) => {
          await edit.update(changes, current);
          if (pending) saved(pending.success, pending.onDone);
        },
        edit.discard,
        (error) => setErrors(errorsFromApi(error)),
      )
    : null;
  return { errors, setErrors, check, save, saveEdit, base: editing.base, conflict };
}
