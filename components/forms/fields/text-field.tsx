'use client';

import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import { Field, Input, Textarea } from '@/components/ui/field';
import { useFieldError } from './use-field-error';

/** What every field component takes: the form field, its label, a hint, the wrapper's classes. */
export interface FieldBase {
  name: string;
  label: string;
  hint?: string;
  className?: string;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'className'> & { inputClassName?: string };

/** A labelled text input of the form in context, with its error underneath. */
export function TextField({ name, label, hint, className, inputClassName, ...input }: FieldBase & InputProps) {
  const { register } = useFormContext();
  return (
    <Field label={label} error={useFieldError(name)} hint={hint} className={className}>
      {(a) => <Input {...a} {...register(name)} {...input} className={inputClassName} />}
    </Field>
  );
}

/** A whole number ("Square feet"). */
export function NumberField(props: FieldBase & InputProps) {
  return <TextField inputMode="numeric" {...props} />;
}

/** Dollars typed as text ("1,250,000"); the form's payload mapping turns them into cents. */
export function MoneyField(props: FieldBase & InputProps) {
  return <TextField inputMode="decimal" placeholder="1,250,000" {...props} />;
}

/** A day, or with `withTime` a local date and time. */
export function DateField({ withTime = false, ...props }: FieldBase & InputProps & { withTime?: boolean }) {
  return <TextField type={withTime ? 'datetime-local' : 'date'} {...props} />;
}

/** A labelled textarea of the form in context. */
export function TextareaField({
  name,
  label,
  hint,
  className,
  inputClassName,
  ...input
}: FieldBase & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'className'> & { inputClassName?: string }) {
  const { register } = useFormContext();
  return (
    <Field label={label} error={useFieldError(name)} hint={hint} className={className}>
      {(a) => <Textarea {...a} {...register(name)} {...input} className={inputClassName} />}
    </Field>
  );
}
