'use client';

import { get, useFormState } from 'react-hook-form';

/**
 * The error of one field of the form in context: the resolver's (keyed flat, `address.city`) or
 * the API's 422 after a save (set nested).
 */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState();
  return (get(errors, name) as { message?: string } | undefined)?.message;
}
