'use client';

import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorsFromApi } from '@/lib/client/forms';
import { useEditConflict } from './edit-conflict';
import { FormError } from './form-error';

type Json = Record<string, unknown>;

/** API field → form field: a map of those that differ, or a function (`redirect_uris.2` → `redirect_uris`). */
export type FieldOf = Record<string, string> | ((apiField: string) => string);
export const formFieldOf = (fieldOf: FieldOf, apiField: string) => (typeof fieldOf === 'function' ? fieldOf(apiField) : (fieldOf[apiField] ?? apiField));

/**
 * The submit of every create/edit form of a record: save (create, or update with the `If-Match` of
 * the version the form opened), the API's 422 `details` next to their fields, and on a 412 the
 * conflict panel that re-applies only the fields the user changed. `banner` goes at the top of the
 * form: the error that belongs to no field, then the conflict panel.
 */
export function useRecordSubmit<R extends { id: string }, V extends FieldValues>({
  record,
  form,
  toPayload,
  original,
  save,
  done,
  discard,
  fieldOf = {},
  failure = 'Not saved.',
}: {
  /** The record being edited; undefined when creating. */
  record: R | undefined;
  form: Pick<UseFormReturn<V>, 'handleSubmit' | 'setError' | 'formState'>;
  toPayload: (values: V) => Json;
  /** What the form would send for `record` untouched: what the user changed is the difference. */
  original: (record: R) => Json;
  /** Create (no base) or update `base` with `changes`; `values` for optimistic updates. */
  save: (changes: Json, base: R | undefined, values?: V) => Promise<R>;
  /** After a save: toast, close, navigate. */
  done: (saved: R, created: boolean) => void;
  /** "Discard mine": show their version in the form. */
  discard: (current: R) => void;
  /** API field → form field, where they differ (`contact_id` → `contact`). */
  fieldOf?: FieldOf;
  failure?: string;
}) {
  const edit = useEditConflict(record, original);
  const { handleSubmit, setError, formState } = form;
  const baseError = (formState.errors as Record<string, { message?: string } | undefined>).base?.message;
  const setBaseError = (error: unknown) => setError('base' as Path<V>, { message: errorsFromApi(error).base ?? failure });

  const onSubmit = handleSubmit(async (values) => {
    const payload = toPayload(values);
    try {
      done(await save(payload, record ? edit.base : undefined, values), !record);
    } catch (error) {
      if (edit.caught(error, payload)) return;
      for (const [field, message] of Object.entries(errorsFromApi(error))) setError(formFieldOf(fieldOf, field) as Path<V>, { message });
    }
  });

  const banner = (
    <>
      <FormError message={baseError} />
      {edit.panel(async (changes, current) => done(await save(changes, current), false), discard, setBaseError)}
    </>
  );
  return { onSubmit, banner };
}
