'use client';

import { toast } from 'sonner';
import { SelectField } from '@/components/forms/fields/select-field';
import { TextField } from '@/components/forms/fields/text-field';
import { RecordForm, saveWith, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { orNull } from '@/lib/client/forms';
import { useCreateUser, type User } from '@/lib/client/hooks/use-users';
import { USER_ROLES } from '@/lib/shared/validation/enums';
import { userCreate } from '@/lib/shared/validation/users';
import { ROLE_LABELS } from './labels';

const toPayload = (v: { email: string; first_name: string; last_name: string; role: string; password: string }) => ({
  email: v.email,
  first_name: orNull(v.first_name),
  last_name: orNull(v.last_name),
  role: v.role,
  // Empty: Groundwork emails them an invitation to choose their own.
  ...(v.password ? { password: v.password } : {}),
});

/** An admin adds someone to the account: invited by email to choose a password, or with one given now. */
export function UserForm({ onDone }: { onDone: (user: User) => void }) {
  const state = useRecordForm({
    record: undefined as User | undefined,
    schema: userCreate,
    defaults: () => ({ email: '', first_name: '', last_name: '', role: 'member', password: '' }),
    toPayload,
    save: saveWith(useCreateUser()),
    done: (user) => {
      toast.success(`Added ${user.name ?? user.email}.${state.form.getValues('password') ? '' : ' We emailed them an invitation.'}`);
      onDone(user);
    },
  });

  return (
    <RecordForm state={state} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="first_name" label="First name" autoFocus autoComplete="off" />
        <TextField name="last_name" label="Last name" autoComplete="off" />
        <TextField name="email" label="Email" className="sm:col-span-2" type="email" autoComplete="off" spellCheck={false} />
        <SelectField name="role" label="Role" options={USER_ROLES.map((r) => ({ id: r, name: ROLE_LABELS[r] }))} placeholder="Choose a role" />
        <TextField
          name="password"
          label="Password (optional)"
          hint="Leave it empty and we’ll email them an invitation to choose their own (the link works for 7 days). Or set at least 8 characters and give it to them."
          type="password"
          autoComplete="new-password"
        />
      </div>
      <SubmitRow label="Add user" busy="Adding…" />
    </RecordForm>
  );
}
