import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled control with its error (the API's 422 message for that field) underneath. */
export function Field({ label, error, hint, className = '', children }: FieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

// React's autoFocus focuses on mount and renders no attribute; a field mounted with a closed
// <dialog> cannot take focus then, so the mark lets Dialog focus it once the dialog shows.
const autofocusMark = (autoFocus: boolean | undefined) => (autoFocus ? { 'data-autofocus': '' } : {});

export function Input(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} {...autofocusMark(props.autoFocus)} className={`${inputClass} ${props.className ?? ''}`} />;
}

export function Textarea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea rows={3} {...props} {...autofocusMark(props.autoFocus)} className={`${inputClass} ${props.className ?? ''}`} />;
}

export function Select({
  options,
  placeholder = '—',
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  options: { id: string; name: string }[];
  /** The empty choice's text; null for a select that always has a value. */
  placeholder?: string | null;
}) {
  return (
    <select {...props} {...autofocusMark(props.autoFocus)} className={`${inputClass} ${props.className ?? ''}`}>
      {placeholder === null ? null : <option value="">{placeholder}</option>}
      <Options options={options} />
    </select>
  );
}

/** A select's options, one a record (its id the value, its name the text). */
export function Options({ options }: { options: readonly { id: string; name: string }[] }) {
  return options.map((o) => (
    <option key={o.id} value={o.id}>
      {o.name}
    </option>
  ));
}
