'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Select } from '@/components/ui/field';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { errorsFromApi, validatePayload } from '@/lib/forms';
import { useOptions } from '@/lib/queries/lookups';
import {
  useAddMember,
  useProjectTeam,
  useRemoveMember,
  useUpdateMemberRoles,
  type Membership,
} from '@/lib/queries/project-team-memberships';
import { MEMBERSHIP_ROLE_KEYS, MEMBERSHIP_ROLES, type MembershipRole } from '@/lib/validation/enums';
import { membershipCreate, membershipUpdate } from '@/lib/validation/project-team-memberships';

const memberName = (m: Membership) => m.user.name ?? m.user.email ?? `User ${m.user.id}`;

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

function FormError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {message}
    </p>
  ) : null;
}

/** Add a member: a user not yet on the team, and their roles. Validated by the API's own schema. */
function AddMemberForm({ projectId, team, onDone }: { projectId: string; team: Membership[]; onDone: () => void }) {
  const users = useOptions('/users', 'users').data ?? [];
  const add = useAddMember(projectId);
  const [userId, setUserId] = useState('');
  const [roles, setRoles] = useState<MembershipRole[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onTeam = new Set(team.map((m) => m.user.id));
  const choices = users.filter((u) => !onTeam.has(u.id));

  const submit = async () => {
    const payload = { user_id: userId || undefined, roles };
    const invalid = validatePayload(membershipCreate, payload);
    if (Object.keys(invalid).length > 0) return setErrors(invalid);
    const user = users.find((u) => u.id === userId)!;
    try {
      await add.mutateAsync({ user, roles });
      toast.success(`Added ${user.name} to the team.`);
      onDone();
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  };

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormError message={errors.base} />
      <Field label="Member" error={errors.user_id ? (userId ? errors.user_id : 'Choose a person.') : undefined}>
        {(a) => <Select {...a} value={userId} onChange={(e) => setUserId(e.target.value)} placeholder="Choose a person…" options={choices} />}
      </Field>
      <RolesField value={roles} onChange={setRoles} error={errors.roles ?? errors['roles.0']} />
      <div className="flex justify-end">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add to team'}
        </Button>
      </div>
    </form>
  );
}

function EditRolesForm({ projectId, member, onDone }: { projectId: string; member: Membership; onDone: () => void }) {
  const update = useUpdateMemberRoles(projectId);
  const [roles, setRoles] = useState<MembershipRole[]>(member.roles.map((r) => r.role));
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const invalid = validatePayload(membershipUpdate, { roles });
        if (Object.keys(invalid).length > 0) return setErrors(invalid);
        // Shown at once; a refusal rolls the roles back and says so in a toast.
        update.mutate({ id: member.id, roles }, { onSuccess: () => toast.success(`Updated the roles of ${memberName(member)}.`) });
        onDone();
      }}
    >
      <FormError message={errors.base} />
      <RolesField value={roles} onChange={setRoles} error={errors.roles} />
      <div className="flex justify-end">
        <Button type="submit">Save roles</Button>
      </div>
    </form>
  );
}

/** The project's team with role names: add a member, change roles, remove one (after a confirm). */
export function ProjectTeam({ projectId, projectName }: { projectId: string; projectName: string }) {
  const { data, error, isPending, refetch } = useProjectTeam(projectId);
  const remove = useRemoveMember(projectId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Membership | null>(null);
  const team = data?.items ?? [];

  const confirmRemove = (m: Membership) => {
    if (!window.confirm(`Remove ${memberName(m)} from the team of “${projectName}”?`)) return;
    remove.mutate(m.id, { onSuccess: () => toast.success(`Removed ${memberName(m)} from the team.`) });
  };

  return (
    <section aria-labelledby="team-heading" className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 id="team-heading" className="text-base font-semibold">
          Team
        </h2>
        <Button size="sm" onClick={() => setAdding(true)} disabled={isPending}>
          Add member
        </Button>
      </div>
      {error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : isPending ? (
        <TableSkeleton rows={3} />
      ) : team.length === 0 ? (
        <EmptyState title="No one on this team yet.">Add the estimator, project manager and superintendent with “Add member”.</EmptyState>
      ) : (
        <ul aria-label="Team members" className="divide-y divide-slate-100 dark:divide-slate-800">
          {team.map((m) => {
            const pending = m.id.startsWith('pending-');
            return (
              <li key={m.id} aria-label={memberName(m)} className="px-4 py-3 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{memberName(m)}</span>
                  {pending ? (
                    <span className="text-xs text-slate-500 dark:text-slate-400">Adding…</span>
                  ) : (
                    <span className="flex gap-1">
                      <Button variant="ghost" size="sm" onClick={() => setEditing(m)} aria-label={`Change roles of ${memberName(m)}`}>
                        Roles
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => confirmRemove(m)} aria-label={`Remove ${memberName(m)} from the team`}>
                        Remove
                      </Button>
                    </span>
                  )}
                </div>
                <ul aria-label={`Roles of ${memberName(m)}`} className="mt-1 flex flex-wrap gap-1">
                  {m.roles.map((r) => (
                    <li key={r.role} className="rounded bg-blue-50 px-1.5 py-0.5 text-xs text-blue-900 dark:bg-blue-950 dark:text-blue-200">
                      {r.name}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add a team member">
        {adding ? <AddMemberForm projectId={projectId} team={team} onDone={() => setAdding(false)} /> : null}
      </Dialog>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={`Roles of ${editing ? memberName(editing) : ''}`}>
        {editing ? <EditRolesForm key={editing.id} projectId={projectId} member={editing} onDone={() => setEditing(null)} /> : null}
      </Dialog>
    </section>
  );
}
