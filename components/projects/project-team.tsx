'use client';

import { useAccess } from '@/components/shell/access-context';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/states';
import { useProjectTeam, useRemoveMember, type Membership } from '@/lib/client/hooks/use-project-team-memberships';

const memberName = (m: Membership) => m.user.name ?? m.user.email ?? `User ${m.user.id}`;
const loading = () => <Skeleton className="h-64 w-full" />;
const AddMemberForm = dynamic(() => import('./team-member-forms').then((m) => m.AddMemberForm), { loading });
const EditRolesForm = dynamic(() => import('./team-member-forms').then((m) => m.EditRolesForm), { loading });

/** The project's team with role names: add a member, change roles, remove one (after a confirm). */
export function ProjectTeam({ projectId, projectName }: { projectId: string; projectName: string }) {
  const { data, error, isPending, refetch } = useProjectTeam(projectId);
  const remove = useRemoveMember(projectId);
  const { can } = useAccess();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Membership | null>(null);
  const team = data?.items ?? [];

  const confirmRemove = (m: Membership) => {
    if (!window.confirm(`Remove ${memberName(m)} from the team of “${projectName}”?`)) return;
    remove.mutate(m.id, { onSuccess: () => toast.success(`Removed ${memberName(m)} from the team.`) });
  };

  return (
    <>
      <SectionCard
        title="Team members"
        id="team-heading"
        description="People in Groundwork working this pursuit, and their roles on it."
        actions={
          <Button size="sm" onClick={() => setAdding(true)}>
            Add member
          </Button>
        }
        query={{ isPending, error, refetch, isEmpty: team.length === 0 }}
        empty={{ title: 'No one on this team yet.', hint: 'Add the estimator, project manager and superintendent with “Add member”.' }}
      >
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
                      {can('projects', 'delete') ? (
                        <Button variant="ghost" size="sm" onClick={() => confirmRemove(m)} aria-label={`Remove ${memberName(m)} from the team`}>
                          Remove
                        </Button>
                      ) : null}
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
      </SectionCard>
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add a team member">
        {adding ? <AddMemberForm projectId={projectId} team={team} onDone={() => setAdding(false)} /> : null}
      </Dialog>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={`Roles of ${editing ? memberName(editing) : ''}`}>
        {editing ? <EditRolesForm key={editing.id} projectId={projectId} member={editing} onDone={() => setEditing(null)} /> : null}
      </Dialog>
    </>
  );
}
