'use client';

import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { apiResolver, errorsFromApi, orNull } from '@/lib/client/forms';
import { useCreateUser, type User } from '@/lib/client/hooks/use-users';
import { USER_ROLES } from '@/lib/shared/validation/enums';
import { userCreate } from '@/lib/shared/validation/users';
import { ROLE_LABELS } from './labels';

type Values = { email: string; first_name: string; last_name: string; role: string; password: string };

const toPayload = (v: Values) => ({
  email: v.email,
  first_name: orNull(v.first_name),
  last_name: orNull(v.last_name),
  role: v.role,
  password: v.password,
});

/** An admin adds someone to the account, with the password they will sign in with. */
export function UserForm({ onDone }: { onDone: (user: User) => void }) {
  const create = useCreateUser();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { email: '', first_name: '', last_name: '', role: 'member', password: '' },
    resolver: apiResolver(userCreate, toPayload),
  });
  const err = (name: string) => (errors as Record<string, { message?: string }>)[name]?.message;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await create.mutateAsync(toPayload(values));
      toast.success(`Added ${user.name ?? user.email}.`);
      onDone(user);
    } catch (error) {
      for (const [field, message] of Object.entries(errorsFromApi(error))) setError(field as keyof Values, { message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {err('base') ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {err('base')}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" error={err('first_name')}>
          {(a) => <Input {...a} {...register('first_name')} autoFocus autoComplete="off" />}
        </Field>
        <Field label="Last name" error={err('last_name')}>
          {(a) => <Input {...a} {...register('last_name')} autoComplete="off" />}
        </Field>
        <Field label="Email" error={err('email')} className="sm:col-span-2">
          {(a) => <Input {...a} {...register('email')} type="email" autoComplete="off" spellCheck={false} />}
        </Field>
        <Field label="Role" error={err('role')}>
          {(a) => <Select {...a} {...register('role')} options={USER_ROLES.map((r) => ({ id: r, name: ROLE_LABELS[r] }))} placeholder="Choose a role" />}
        </Field>
        <Field label="Password" error={err('password')} hint="At least 8 characters; give it to them to sign in with.">
          {(a) => <Input {...a} {...register('password')} type="password" autoComplete="new-password" />}
        </Field>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add user'}
        </Button>
      </div>
    </form>
  );
}
