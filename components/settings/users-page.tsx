'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { actionsColumn, type Column, DataTable, NONE } from '@/components/ui/data-table';
import { useMe, useUpdateUser, useUsers, type User } from '@/lib/client/hooks/use-users';
import { USER_ROLES, type UserRole } from '@/lib/shared/validation/enums';
import { inputClass } from '@/components/ui/field';
import { accessSummary, ROLE_LABELS } from './labels';
import { ResetPasswordForm } from './reset-password-form';
import { SettingsSection } from './settings-section';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const UserForm = dynamic(() => import('./user-form').then((m) => m.UserForm));
const AccessForm = dynamic(() => import('./access-dialog').then((m) => m.AccessForm));

const PER_PAGE = 50;

const nameOf = (u: User) => u.name ?? u.email ?? `User ${u.id}`;

function StatusBadge({ user }: { user: User }) {
  return user.deactivated ? (
    <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">Deactivated</span>
  ) : (
    <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">Active</span>
  );
}

function StatusButton({ user, onClick }: { user: User; onClick: () => void }) {
  const verb = user.deactivated ? 'Reactivate' : 'Deactivate';
  return (
    <Button variant="secondary" size="sm" onClick={onClick} aria-label={`${verb} ${nameOf(user)}`}>
      {verb}
    </Button>
  );
}

/** An admin's way to a forgotten password. */
function ResetButton({ user, onClick }: { user: User; onClick: () => void }) {
  if (user.deactivated) return null;
  return (
    <Button variant="secondary" size="sm" onClick={onClick} aria-label={`Set a new password for ${nameOf(user)}`}>
      New password
    </Button>
  );
}

/** The account's users; admins add people, change roles, deactivate and reactivate, set a new password. */
export function UsersPage() {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editingAccess, setEditingAccess] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const me = useMe();
  const query = useUsers({ page, per_page: PER_PAGE });
  const update = useUpdateUser();
  const isAdmin = me.data?.role === 'admin';

  const setRole = (user: User, role: UserRole) =>
    update.mutate({ id: user.id, changes: { role } }, { onSuccess: () => toast.success(`${nameOf(user)} is now ${ROLE_LABELS[role].toLowerCase()}.`) });
  const setDeactivated = (user: User, deactivated: boolean) => {
    if (deactivated && !window.confirm(`Deactivate ${nameOf(user)}? They are signed out at once, cannot sign in, and their API tokens stop working.`)) return;
    update.mutate(
      { id: user.id, changes: { deactivated } },
      { onSuccess: () => toast.success(`${nameOf(user)} ${deactivated ? 'deactivated' : 'reactivated'}.`) },
    );
  };

  const isSelf = (user: User) => user.id === me.data?.id;
  const columns: Column<User>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (user) => (
        <>
          <span className="font-medium">{user.name ?? NONE}</span>
          {isSelf(user) ? <span className="ml-1.5 text-xs text-slate-600 dark:text-slate-400">(you)</span> : null}
          <span className="block break-all text-xs text-slate-600 md:hidden dark:text-slate-400">{user.email}</span>
          <span className="mt-0.5 block sm:hidden">
            <StatusBadge user={user} />
          </span>
          {/* Below the wide layout the access column is hidden: its summary and button sit here. */}
          <span className="mt-1 block text-xs text-slate-600 lg:hidden dark:text-slate-400">
            {accessSummary(user)}
            {isAdmin && user.role !== 'admin' ? (
              <Button
                variant="secondary"
                size="sm"
                className="ml-2 mt-1"
                onClick={() => setEditingAccess(user)}
                aria-label={`Edit the access of ${nameOf(user)}`}
              >
                Edit access
              </Button>
            ) : null}
          </span>
        </>
      ),
    },
    { key: 'email', header: 'Email', className: 'hidden md:table-cell', cell: (user) => user.email },
    {
      key: 'role',
      header: 'Role',
      cellClassName: 'whitespace-nowrap',
      cell: (user) =>
        isAdmin && !isSelf(user) ? (
          <>
            <select
              aria-label={`Role of ${nameOf(user)}`}
              value={user.role}
              onChange={(e) => setRole(user, e.target.value as UserRole)}
              className={`${inputClass.replace('w-full', 'w-28')} py-1`}
            >
              {USER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
            {/* On phones the actions sit under the role, leaving the name its room. */}
            <span className="mt-1.5 flex flex-wrap gap-1 sm:hidden">
              <StatusButton user={user} onClick={() => setDeactivated(user, !user.deactivated)} />
              <ResetButton user={user} onClick={() => setResetting(user)} />
            </span>
          </>
        ) : (
          ROLE_LABELS[user.role]
        ),
    },
    {
      key: 'access',
      header: 'Access',
      className: 'hidden lg:table-cell',
      cell: (user) => (
        <>
          <span className="text-sm">{accessSummary(user)}</span>
          {isAdmin && user.role !== 'admin' ? (
            <Button variant="secondary" size="sm" className="ml-2" onClick={() => setEditingAccess(user)} aria-label={`Edit the access of ${nameOf(user)}`}>
              Edit access
            </Button>
          ) : null}
        </>
      ),
    },
    { key: 'status', header: 'Status', className: 'hidden sm:table-cell', cell: (user) => <StatusBadge user={user} /> },
    ...(isAdmin
      ? [
          actionsColumn<User>(
            (user) =>
              isSelf(user) ? null : (
                <span className="inline-flex gap-1">
                  <ResetButton user={user} onClick={() => setResetting(user)} />
                  <StatusButton user={user} onClick={() => setDeactivated(user, !user.deactivated)} />
                </span>
              ),
            { className: 'hidden sm:table-cell' },
          ),
        ]
      : []),
  ];

  return (
    <SettingsSection
      id="users-heading"
      title="Users"
      description={
        me.isPending
          ? 'Everyone who can sign in to this account.'
          : isAdmin
            ? 'Everyone who can sign in to this account. Admins add users, change their roles and deactivate them; members do the CRM work.'
            : 'Everyone who can sign in to this account. Only an admin can add or change users.'
      }
      actions={isAdmin ? <Button onClick={() => setAdding(true)}>Add user</Button> : null}
    >
      <DataTable
        query={query}
        columns={columns}
        caption="Users of the account"
        rowClassName={(user) => (user.deactivated ? 'text-slate-500 dark:text-slate-400' : '')}
        skeletonRows={4}
        empty={{ title: 'No users yet.', hint: isAdmin ? 'Add one with “Add user”.' : null }}
        paging={{ page, perPage: PER_PAGE, onPage: setPage, hideWhenSingle: true }}
      />
      <Dialog open={editingAccess !== null} onClose={() => setEditingAccess(null)} title={`Access of ${editingAccess ? nameOf(editingAccess) : ''}`}>
        {editingAccess ? <AccessForm user={editingAccess} onDone={() => setEditingAccess(null)} /> : null}
      </Dialog>
      <Dialog open={resetting !== null} onClose={() => setResetting(null)} title={`New password for ${resetting ? nameOf(resetting) : ''}`}>
        {resetting ? <ResetPasswordForm user={resetting} name={nameOf(resetting)} onDone={() => setResetting(null)} /> : null}
      </Dialog>
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add a user">
        {adding ? <UserForm onDone={() => setAdding(false)} /> : null}
      </Dialog>
    </SettingsSection>
  );
}
