'use client';

import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { useAddMember, useUpdateMemberRoles, type Membership } from '@/lib/client/hooks/use-project-team-memberships';
import { MEMBERSHIP_ROLE_KEYS, MEMBERSHIP_ROLES, type MembershipRole } from '@/lib/shared/validation/enums';
import { membershipCreate, membershipUpdate } from '@/lib/shared/validation/project-team-memberships';
import { CheckboxGroupField } from '@/components/forms/fields/checkbox-group-field';
import { SelectField } from '@/components/forms/fields/select-field';
import { RecordForm, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';

// The team's two forms, validated by the API's own schemas; loaded when a dialog opens, so the
// project page does not ship zod up front.

export const memberName = (m: Membership) => m.user.name ?? m.user.email ?? `User ${m.user.id}`;

const ROLE_OPTIONS = MEMBERSHIP_ROLE_KEYS.map((role) => ({ id: role, name: MEMBERSHIP_ROLES[role] }));

/** A role's error (`roles.0`: not a role) shows under the roles. */
const fieldOf = (apiField: string) => (apiField.startsWith('roles.') ? 'roles' : apiField);

type AddValues = { user_id: string; roles: MembershipRole[] };

/** Add a member: a user not yet on the team, and their roles. Validated by the API's own schema. */
export function AddMemberForm({ projectId, team, onDone }: { projectId: string; team: Membership[]; onDone: () => void }) {
  const users = useOptions('/users', 'users').data ?? [];
  const add = useAddMember(projectId);
  const onTeam = new Set(team.map((m) => m.user.id));
  const choices = users.filter((u) => !onTeam.has(u.id));
  const state = useRecordForm<Membership, AddValues>({
    record: undefined,
    schema: membershipCreate,
    defaults: () => ({ user_id: '', roles: [] }),
    toPayload: (v) => ({ user_id: v.user_id || undefined, roles: v.roles }),
    inputChecks: (v): Record<string, string> => (v.user_id ? {} : { user_id: 'Choose a person.' }),
    fieldOf,
    // The team's mutations are typed loosely: the API answers with the membership.
    save: (_changes, _base, values) => add.mutateAsync({ user: users.find((u) => u.id === values!.user_id)!, roles: values!.roles }),
    done: (saved) => {
      toast.success(`Added ${users.find((u) => u.id === saved.user.id)?.name ?? memberName(saved)} to the team.`);
      onDone();
    },
  });

  return (
    <RecordForm state={state} className="space-y-4">
      <SelectField name="user_id" label="Member" placeholder="Choose a person…" options={choices} />
      <CheckboxGroupField name="roles" label="Roles" options={ROLE_OPTIONS} />
      <SubmitRow label="Add to team" busy="Adding…" />
    </RecordForm>
  );
}

const rolesOf = (m?: Membership) => ({ roles: m?.roles.map((r) => r.role) ?? [] });

export function EditRolesForm({ projectId, member, onDone }: { projectId: string; member: Membership; onDone: () => void }) {
  const update = useUpdateMemberRoles(projectId);
  const state = useRecordForm({
    record: member,
    schema: membershipUpdate,
    defaults: rolesOf,
    toPayload: (v) => ({ roles: v.roles }),
    fieldOf,
    // Shown at once in the team; a refusal rolls the roles back and shows here, a 412 the conflict panel.
    save: (changes, base) => update.mutateAsync({ id: base!.id, roles: changes.roles as MembershipRole[], base }),
    done: () => {
      toast.success(`Updated the roles of ${memberName(member)}.`);
      onDone();
    },
  });
  return (
    <RecordForm state={state} className="space-y-4">
      <CheckboxGroupField name="roles" label="Roles" options={ROLE_OPTIONS} />
      <div className="flex justify-end">
        <Button type="submit">Save roles</Button>
      </div>
    </RecordForm>
  );
}
