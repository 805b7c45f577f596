'use client';

import { useState } from 'react';
import { Field, Input } from '@/components/ui/field';
import { PASSWORD_LENGTH } from '@/lib/shared/auth-constants';

/** A new password typed twice: its value, whether it is long enough and typed the same, and a reset. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const tooShort = password !== '' && password.length < PASSWORD_LENGTH.min;
  const mismatch = again !== '' && again !== password;
  return {
    password,
    setPassword,
    again,
    setAgain,
    tooShort,
    mismatch,
    /** Both typed, the same, long enough. */
    ready: password !== '' && again === password && !tooShort,
    clear: () => {
      setPassword('');
      setAgain('');
    },
  };
}

/**
 * The two fields of a new password (an admin's reset of someone's, one's own change): the length
 * rule as a hint, then as the error while too short; the server's word on it otherwise.
 */
export function NewPasswordFields({ state, serverError, autoFocus }: { state: ReturnType<typeof useNewPassword>; serverError?: string; autoFocus?: boolean }) {
  return (
    <>
      <Field
        label="New password"
        hint={`At least ${PASSWORD_LENGTH.min} characters.`}
        error={state.tooShort ? `Use at least ${PASSWORD_LENGTH.min} characters.` : serverError}
      >
        {(a) => (
          <Input
            {...a}
            type="password"
            value={state.password}
            onChange={(e) => state.setPassword(e.target.value)}
            autoComplete="new-password"
            required
            maxLength={PASSWORD_LENGTH.max}
            autoFocus={autoFocus}
          />
        )}
      </Field>
      <Field label="New password again" error={state.mismatch ? 'The two new passwords differ.' : undefined}>
        {(a) => <Input {...a} type="password" value={state.again} onChange={(e) => state.setAgain(e.target.value)} autoComplete="new-password" required />}
      </Field>
    </>
  );
}
