'use client';

import { useId } from 'react';
import { useFormContext } from 'react-hook-form';

/** A checkbox of the form in context, its label beside it and an optional hint underneath. */
export function CheckboxField({ name, label, hint, className }: { name: string; label: string; hint?: string; className?: string }) {
  const { register } = useFormContext();
  const hintId = useId();
  const box = (
    <label className={`flex items-center gap-2 text-sm font-medium ${hint ? 'text-slate-700 dark:text-slate-300' : (className ?? 'self-end pb-2')}`}>
      <input type="checkbox" className="h-4 w-4" aria-describedby={hint ? hintId : undefined} {...register(name)} /> {label}
    </label>
  );
  if (!hint) return box;
  return (
    <div className={`flex flex-col justify-end pb-1 ${className ?? ''}`}>
      {box}
      <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {hint}
      </p>
    </div>
  );
}
