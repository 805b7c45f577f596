'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiClientError } from '@/lib/client/api-client';
import { useUpdateUser, type User } from '@/lib/client/hooks/use-users';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

/**
 * An admin sets a new password for someone who forgot theirs (the sign-in page's "Forgot your
 * password?" sends people here): they are signed out everywhere and sign in with it; their
 * calendar feed link ends too, and, if ticked, their API tokens and connected apps.
 */
export function ResetPasswordForm({ user, name, onDone }: { user: User; name: string; onDone: () => void }) {
  const update = useUpdateUser();
  const pw = useNewPassword();
  const [revoke, setRevoke] = useState(false);
  const serverError = update.error instanceof ApiClientError ? update.error.details.password?.[0] : undefined;
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!pw.ready) return;
        update.mutate(
          { id: user.id, changes: { password: pw.password, ...(revoke ? { revoke_tokens: true } : {}) } },
          {
            onSuccess: () => {
              toast.success(`${name} has a new password and is signed out everywhere. Tell them the password in person or by phone.`);
              onDone();
            },
          },
        );
      }}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {name} is signed out on every device and signs in with the new password. Their calendar feed link stops working; they make a new one in Settings.
      </p>
      <NewPasswordFields state={pw} serverError={serverError} autoFocus />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5" checked={revoke} onChange={(e) => setRevoke(e.target.checked)} />
        Also end their API tokens and the apps they connected (when the password may have leaked)
      </label>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending || !pw.ready}>
          Set the new password
        </Button>
      </div>
    </form>
  );
}
