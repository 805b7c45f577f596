'use client';

import { toast } from 'sonner';
import { RecordForm, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { inputClass } from '@/components/ui/field';
import { useUpdateUser, type User, type UserChanges } from '@/lib/client/hooks/use-users';
import { PERMISSION_AREAS, PERMISSION_LEVELS, PROJECT_ACCESS, type PermissionArea } from '@/lib/shared/validation/enums';
import { userUpdate } from '@/lib/shared/validation/users';
import { AREA_LABELS, LEVEL_LABELS, PROJECT_ACCESS_LABELS } from './labels';

type Values = Pick<User, 'project_access' | 'permissions'>;

/**
 * An admin sets which projects a member sees and their level in each area: a record form of the
 * user (If-Match: another admin's change since shows the conflict panel).
 */
export function AccessForm({ user, onDone }: { user: User; onDone: () => void }) {
  const update = useUpdateUser({ silent: true });
  const name = user.name ?? user.email ?? `User ${user.id}`;
  const state = useRecordForm({
    record: user,
    schema: userUpdate,
    defaults: (u?: User): Values => ({ project_access: u?.project_access ?? 'all', permissions: { ...user.permissions, ...u?.permissions } }),
    toPayload: (v: Values) => ({ project_access: v.project_access, permissions: v.permissions }),
    save: (changes, base) => update.mutateAsync({ id: base!.id, changes: changes as UserChanges, base }),
    done: () => {
      toast.success(`${name}'s access saved.`);
      onDone();
    },
    failure: 'The access could not be saved.',
  });
  const { register } = state.form;

  return (
    <RecordForm state={state} className="space-y-4">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Projects</legend>
        <div className="space-y-1">
          {PROJECT_ACCESS.map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input type="radio" value={value} className="mt-0.5" {...register('project_access')} />
              <span>
                {PROJECT_ACCESS_LABELS[value]}
                {value === 'team' ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    Projects whose team includes them, with those projects’ tasks, calls, staffing and forecast.
                  </span>
                ) : null}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Permissions</legend>
        <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
          Admin: reads, creates, changes and deletes. Collaborator: reads, creates and changes. No access: sees nothing of it.
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {PERMISSION_AREAS.map((area: PermissionArea) => (
            <label key={area} className="block text-sm">
              <span className="mb-0.5 block">{AREA_LABELS[area]}</span>
              <select aria-label={`${AREA_LABELS[area]} permission`} className={`${inputClass} py-1`} {...register(`permissions.${area}`)}>
                {PERMISSION_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {LEVEL_LABELS[level]}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </fieldset>
      <SubmitRow label="Save access" onCancel={onDone} />
    </RecordForm>
  );
}
