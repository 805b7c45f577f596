'use client';

import type { ReactNode } from 'react';
import { FormProvider, useForm, useFormState, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { useDialogDirty } from '@/components/ui/dialog';
import { apiResolver, errorsFromApi } from '@/lib/client/forms';
import { useEditConflict } from './edit-conflict';
import { FormError } from './form-error';

type Json = Record<string, unknown>;

/**
 * API field → form field: a map of those that differ, or a function (`redirect_uris.2` →
 * `redirect_uris`) that also gets the payload the field is of (`revenue_targets.3.amount_in_cents`
 * → the month of the payload's fourth entry).
 */
type FieldOf = Record<string, string> | ((apiField: string, payload: Json) => string);
const formFieldOf = (fieldOf: FieldOf, apiField: string, payload: Json) =>
  typeof fieldOf === 'function' ? fieldOf(apiField, payload) : (fieldOf[apiField] ?? apiField);

interface CreateMutation<R> {
  mutateAsync: (changes: Json) => Promise<R>;
}
interface UpdateMutation<R> {
  mutateAsync: (args: { id: string; changes: Json; base?: R }) => Promise<R>;
}

/** A record form's save from a resource's two mutations: create without a base, else update `base` (its If-Match) with `changes`. */
export function saveWith<R extends { id: string }>(create: CreateMutation<R> | undefined, update?: UpdateMutation<R>) {
  return (changes: Json, base: R | undefined): Promise<R> => (base ? update!.mutateAsync({ id: base.id, changes, base }) : create!.mutateAsync(changes));
}

/**
 * Every form of the dashboard that writes: react-hook-form validated by the API's own zod schema on
 * the payload the values map to, defaults from the record, and its submit (create, or update with
 * If-Match; 422s next to their fields; the conflict panel on a 412). Render it with
 * `<RecordForm>` and the field components of `./fields`. A form that writes no single record (a
 * month's targets, several leads at once) has no `record`: it saves like a create, without If-Match.
 * `S` is what a save answers (by default the record).
 */
export function useRecordForm<R extends { id: string }, V extends FieldValues, S = R>({
  record,
  schema,
  defaults,
  toPayload,
  original = (r) => toPayload(defaults(r)),
  fieldOf = {},
  inputChecks,
  save,
  done,
  failure = 'Not saved.',
}: {
  /** The record being edited; undefined when creating. */
  record: R | undefined;
  /** The API's body schema, or `create` for a new record and `update` for an edit. */
  schema: z.ZodType | { create: z.ZodType; update: z.ZodType };
  /** The form's values for a record (or a new one): also what "discard mine" resets to. */
  defaults: (record?: R) => V;
  toPayload: (values: V) => Json;
  /** What the form would send for a record untouched; by default `toPayload(defaults(record))`. */
  original?: (record: R) => Json;
  /** API field → form field, where they differ (`value_in_cents` → `value_dollars`). */
  fieldOf?: FieldOf;
  /** Checks of form-only inputs (typed dollars), keyed by form field. */
  inputChecks?: (values: V) => Record<string, string>;
  /** Saves `changes`: a create without `base`, else an update of `base` (`saveWith` makes it from a resource's two mutations). */
  save: (changes: Json, base: R | undefined, values?: V) => Promise<S>;
  /** After a save: toast, close, navigate. */
  done: (saved: S, created: boolean) => void;
  /** The error that belongs to no field when the API gives none. */
  failure?: string;
}) {
  const form = useForm<V, unknown, V>({
    defaultValues: defaults(record) as DefaultValues<V>,
    resolver: apiResolver(
      'safeParse' in schema ? schema : record ? schema.update : schema.create,
      toPayload,
      (apiField, payload) => formFieldOf(fieldOf, apiField, payload),
      inputChecks,
    ) as Resolver<V, unknown, V>,
  });
  // The submit: save (create, or update with the If-Match of the version the form opened), the
  // API's 422 `details` next to their fields, and on a 412 the conflict panel that re-applies only
  // the fields the user changed. The banner goes at the top of the form: the error that belongs to
  // no field, then the conflict panel.
  const edit = useEditConflict(record, original);
  const baseError = (form.formState.errors as Record<string, { message?: string } | undefined>).base?.message;
  const setBaseError = (error: unknown) => form.setError('base' as Path<V>, { message: errorsFromApi(error).base ?? failure });
  const onSubmit = form.handleSubmit(async (values) => {
    const payload = toPayload(values);
    try {
      done(await save(payload, record ? edit.base : undefined, values), !record);
    } catch (error) {
      if (edit.caught(error, payload)) return;
      for (const [field, message] of Object.entries(errorsFromApi(error))) form.setError(formFieldOf(fieldOf, field, payload) as Path<V>, { message });
    }
  });
  const banner = (
    <>
      <FormError message={baseError} />
      {edit.panel(
        async (changes, current) => done(await save(changes, current), false),
        (current) => form.reset(defaults(current)),
        setBaseError,
      )}
    </>
  );
  return { form, onSubmit, banner, editing: Boolean(record) };
}

export type RecordFormState<V extends FieldValues> = { form: UseFormReturn<V, unknown, V>; onSubmit: () => unknown; banner: ReactNode };

/**
 * The form element of `useRecordForm`: the fields get the form by context; the banner goes first.
 * It tells the dialog around it (if any) when it holds unsaved changes, each form for itself.
 */
export function RecordForm<V extends FieldValues>({
  state,
  className = 'space-y-5',
  'aria-label': label,
  children,
}: {
  state: RecordFormState<V>;
  className?: string;
  /** The form's accessible name, when it needs one (an inline form among others). */
  'aria-label'?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...state.form}>
      <form onSubmit={state.onSubmit} noValidate className={className} aria-label={label}>
        <ReportDirty />
        {state.banner}
        {children}
      </form>
    </FormProvider>
  );
}

/** Tells the dialog around the form (if any) whether it holds unsaved changes. */
function ReportDirty() {
  const { isDirty, isSubmitSuccessful } = useFormState();
  useDialogDirty(isDirty && !isSubmitSuccessful);
  return null;
}

/**
 * The form's buttons, right-aligned: "Cancel" when there is `onCancel`, then the submit button
 * ("Saving…" while it saves); `aside` (a delete button) on the left. `unchanged="disabled"` keeps
 * the submit off until a field changed.
 */
export function SubmitRow({
  label,
  busy = 'Saving…',
  aside,
  onCancel,
  unchanged,
  variant,
  size,
}: {
  label: string;
  /** What the button says while the form saves. */
  busy?: string;
  aside?: ReactNode;
  onCancel?: () => void;
  unchanged?: 'disabled';
  /** The submit's look (`danger` for a close as lost). */
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
}) {
  const { isSubmitting, isDirty } = useFormState();
  const buttons = (
    <>
      {onCancel ? (
        <Button variant="secondary" size={size} onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" variant={variant} size={size} disabled={isSubmitting || (unchanged === 'disabled' && !isDirty)}>
        {isSubmitting ? busy : label}
      </Button>
    </>
  );
  if (aside === undefined) return <div className="flex justify-end gap-2">{buttons}</div>;
  return (
    <div className="flex flex-wrap justify-between gap-2">
      {aside ?? <span />}
      <div className="flex gap-2">{buttons}</div>
    </div>
  );
}
