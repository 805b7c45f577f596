'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorsFromApi, validatePayload } from '@/lib/client/forms';

/**
 * The errors of a hand-built form (no react-hook-form) and its two steps: `check` the payload with
 * the API's own schema (its issues shown, keyed by API field), then `save` it: a toast and `onDone`
 * when the API takes it, its refusal next to the fields when not.
 */
export function useFormSave() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** True when the API's schema takes `payload`; else its issues are shown. */
  const check = (schema: z.ZodType, payload: Record<string, unknown>) => {
    const invalid = validatePayload(schema, payload);
    if (Object.keys(invalid).length === 0) return true;
    setErrors(invalid);
    return false;
  };
  const save = async (write: () => Promise<unknown>, success: string | (() => string), onDone: () => void) => {
    try {
      await write();
      toast.success(typeof success === 'string' ? success : success());
      onDone();
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  };
  return { errors, setErrors, check, save };
}
