'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { FormError } from '@/components/forms/form-error';
import { SaveButtons } from '@/components/forms/plain-form';
import { inputClass } from '@/components/ui/field';
import { ApiClientError } from '@/lib/client/api-client';
import { useUpdateUser, type User } from '@/lib/client/hooks/use-users';
import {
  PERMISSION_AREAS,
  PERMISSION_LEVELS,
  PROJECT_ACCESS,
  type PermissionArea,
  type PermissionLevel,
  type ProjectAccess,
} from '@/lib/shared/validation/enums';
import { AREA_LABELS, LEVEL_LABELS, PROJECT_ACCESS_LABELS } from './labels';

/** An admin sets which projects a member sees and their level in each area. */
export function AccessForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [projectAccess, setProjectAccess] = useState<ProjectAccess>(user.project_access);
  const [permissions, setPermissions] = useState(user.permissions);
  const [error, setError] = useState<string>();
  const update = useUpdateUser();
  const name = user.name ?? user.email ?? `User ${user.id}`;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(undefined);
    update.mutate(
      { id: user.id, changes: { project_access: projectAccess, permissions } },
      {
        onSuccess: () => {
          toast.success(`${name}'s access saved.`);
          onDone();
        },
        onError: (err) => setError(err instanceof ApiClientError ? err.message : 'The access could not be saved.'),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Projects</legend>
        <div className="space-y-1">
          {PROJECT_ACCESS.map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="project_access"
                value={value}
                checked={projectAccess === value}
                onChange={() => setProjectAccess(value)}
                className="mt-0.5"
              />
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
              <select
                aria-label={`${AREA_LABELS[area]} permission`}
                value={permissions[area]}
                onChange={(e) => setPermissions({ ...permissions, [area]: e.target.value as PermissionLevel })}
                className={`${inputClass} py-1`}
              >
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
      <FormError message={error} />
      <SaveButtons label="Save access" pending={update.isPending} onCancel={onDone} />
    </form>
  );
}
