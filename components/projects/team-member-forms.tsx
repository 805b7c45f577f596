'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { useAddMember, useUpdateMemberRoles, type Membership } from '@/lib/client/hooks/use-project-team-memberships';
import { MEMBERSHIP_ROLE_KEYS, MEMBERSHIP_ROLES, type MembershipRole } from '@/lib/shared/validation/enums';
import { membershipCreate, membershipUpdate } from '@/lib/shared/validation/project-team-memberships';
import { FormError } from '@/components/forms/form-error';
import { PlainForm, SaveButtons } from '@/components/forms/plain-form';
import { useFormSave } from '@/components/forms/use-form-save';

// The team's two forms, validated by the API's own schemas; loaded when a dialog opens, so the
// project page does not ship zod up front.

export const memberName = (m: Membership) => m.user.name ?? m.user.email ?? `User ${m.user.id}`;

/** The roles as checkboxes in a fieldset; the error (at least one role) under the legend. */
function RolesField({ value, onChange, error }: { value: MembershipRole[]; onChange: (roles: MembershipRole[]) => void; error?: string }) {
  return (
    <fieldset aria-describedby={error ? 'roles-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Roles</legend>
      {error ? (
        <p id="roles-error" className="mb-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="grid gap-1.5 sm:grid-cols-2">
        {MEMBERSHIP_ROLE_KEYS.map((role) => (
          <label key={role} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={value.includes(role)}
              onChange={(e) => onChange(e.target.checked ? [...value, role] : value.filter((r) => r !== role))}
            />
            {MEMBERSHIP_ROLES[role]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Add a member: a user not yet on the team, and their roles. Validated by the API's own schema. */
export function AddMemberForm({ projectId, team, onDone }: { projectId: string; team: Membership[]; onDone: () => void }) {
  const users = useOptions('/users', 'users').data ?? [];
  const add = useAddMember(projectId);
  const [userId, setUserId] = useState('');
  const [roles, setRoles] = useState<MembershipRole[]>([]);
  const { errors, check, save } = useFormSave();
  const onTeam = new Set(team.map((m) => m.user.id));
  const choices = users.filter((u) => !onTeam.has(u.id));

  const submit = async () => {
    const payload = { user_id: userId || undefined, roles };
    if (!check(membershipCreate, payload)) return;
    const user = users.find((u) => u.id === userId)!;
    await save(() => add.mutateAsync({ user, roles }), `Added ${user.name} to the team.`, onDone);
  };

  return (
    <PlainForm noValidate onSubmit={submit}>
      <FormError message={errors.base} />
      <Field label="Member" error={errors.user_id ? (userId ? errors.user_id : 'Choose a person.') : undefined}>
        {(a) => <Select {...a} value={userId} onChange={(e) => setUserId(e.target.value)} placeholder="Choose a person…" options={choices} />}
      </Field>
      <RolesField value={roles} onChange={setRoles} error={errors.roles ?? errors['roles.0']} />
      <SaveButtons label="Add to team" busy="Adding…" pending={add.isPending} />
    </PlainForm>
  );
}

export function EditRolesForm({ projectId, member, onDone }: { projectId: string; member: Membership; onDone: () => void }) {
  const update = useUpdateMemberRoles(projectId);
  const [roles, setRoles] = useState<MembershipRole[]>(member.roles.map((r) => r.role));
  const rolesOfMember = (m: Membership) => ({ roles: m.roles.map((r) => r.role) });
  const { errors, check, saveEdit, conflict } = useFormSave<Membership>({
    record: member,
    original: rolesOfMember,
    update: (changes, version) => update.mutateAsync({ id: version.id, roles: changes.roles as MembershipRole[], base: version }),
    // Their roles in the form.
    discard: (current) => setRoles(rolesOfMember(current).roles),
  });
  return (
    <PlainForm
      noValidate
      onSubmit={async () => {
        if (!check(membershipUpdate, { roles })) return;
        // Shown at once in the team; a refusal rolls the roles back and shows here, a 412 the conflict panel.
        await saveEdit({ roles }, `Updated the roles of ${memberName(member)}.`, onDone);
      }}
    >
      <FormError message={errors.base} />
      {conflict}
      <RolesField value={roles} onChange={setRoles} error={errors.roles} />
      <div className="flex justify-end">
        <Button type="submit">Save roles</Button>
      </div>
    </PlainForm>
  );
}
