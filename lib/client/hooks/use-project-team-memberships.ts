import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListPage, type QueryParams } from '@/lib/client/api-client';
import { MEMBERSHIP_ROLES, type MembershipRole } from '@/lib/shared/validation/enums';
import type { MembershipResponse } from '@/lib/shared/validation/project-team-memberships';
import type { UserResponse } from '@/lib/shared/validation/users';

export type Membership = MembershipResponse;

// One prefix for both lists of memberships: a project's team (operation 14) and the account-wide
// /team_memberships of the Teams page, so a change to a team refreshes both and nothing else.
export const membershipKeys = {
  all: ['team_memberships'] as const,
  lists: () => [...membershipKeys.all, 'list'] as const,
  team: (projectId: string) => [...membershipKeys.lists(), 'project', projectId] as const,
  accountList: (params: QueryParams) => [...membershipKeys.lists(), 'account', params] as const,
};

const PATH = '/project_team_memberships';
const KEY = 'project_team_membership';

/** A project's whole team (teams are small: one page of 100). */
export const projectTeamQuery = (projectId: string) =>
  queryOptions({
    queryKey: membershipKeys.team(projectId),
    queryFn: () => api.list<Membership>(PATH, 'project_team_memberships', { project_id: projectId, per_page: 100 }),
  });

/** Every membership of the account, filtered and paged (GET /team_memberships). */
export const teamMembershipsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: membershipKeys.accountList(params),
    queryFn: () => api.list<Membership>('/team_memberships', 'project_team_memberships', params),
    placeholderData: keepPreviousData,
  });

export const useProjectTeam = (projectId: string) => useQuery(projectTeamQuery(projectId));
export const useTeamMemberships = (params: QueryParams) => useQuery(teamMembershipsQuery(params));

const rolesOf = (roles: MembershipRole[], previous: Membership['roles'] = []): Membership['roles'] =>
  roles.map((role) => {
    const held = previous.find((r) => r.role === role);
    const now = new Date().toISOString();
    return held ?? { id: `new-${role}`, role, name: MEMBERSHIP_ROLES[role], created_at: now, updated_at: now };
  });

/**
 * The three changes to a project's team, each shown at once in the team's cached list, rolled back
 * (and toasted by the mutation cache) if the API refuses, then settled by refetching the lists.
 */
function useTeamMutation<V, R>(
  projectId: string,
  mutationFn: (vars: V) => Promise<R>,
  optimistic: (team: Membership[], vars: V) => Membership[],
  silent = false,
) {
  const qc = useQueryClient();
  const key = membershipKeys.team(projectId);
  return useMutation({
    mutationFn,
    meta: { silent },
    onMutate: async (vars: V) => {
      // Lists without data keep loading (cancelling them would leave them pending until settled).
      await qc.cancelQueries({ queryKey: membershipKeys.all, predicate: (q) => q.state.data !== undefined });
      const previous = qc.getQueryData<ListPage<Membership>>(key);
      if (previous) {
        const items = optimistic(previous.items, vars);
        qc.setQueryData(key, { ...previous, items, total: items.length });
      }
      return { previous };
    },
    onError: (_err, _vars, snapshot) => {
      if (snapshot?.previous) qc.setQueryData(key, snapshot.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: membershipKeys.lists() }),
  });
}

export function useAddMember(projectId: string) {
  return useTeamMutation(
    projectId,
    ({ user, roles }: { user: UserResponse | { id: string; name: string }; roles: MembershipRole[] }) =>
      api.post<Membership>(PATH, KEY, { [KEY]: { user_id: user.id, roles } }, { project_id: projectId }),
    (team, { user, roles }) => {
      const now = new Date().toISOString();
      const pending: Membership = {
        id: `pending-${user.id}`,
        created_at: now,
        updated_at: now,
        user: { first_name: null, last_name: null, email: null, created_at: now, updated_at: now, ...user },
        project: team[0]?.project ?? { id: projectId, name: '', created_at: now, updated_at: now },
        roles: rolesOf(roles),
      };
      return [pending, ...team];
    },
    // The add form shows the API's refusal (a 409 or 422) next to its fields.
    true,
  );
}

/** `base`: the membership as the form read it; its ETag goes as If-Match (a 412 when someone changed it since). */
export function useUpdateMemberRoles(projectId: string) {
  return useTeamMutation(
    projectId,
    ({ id, roles, base }: { id: string; roles: MembershipRole[]; base?: Membership }) =>
      api.patch<Membership>(`${PATH}/${id}`, KEY, { [KEY]: { roles } }, { project_id: projectId }, base),
    (team, { id, roles }) => team.map((m) => (m.id === id ? { ...m, roles: rolesOf(roles, m.roles) } : m)),
    // The roles form shows the API's refusal, and the conflict panel on a 412.
    true,
  );
}

export function useRemoveMember(projectId: string) {
  return useTeamMutation(
    projectId,
    (id: string) => api.delete(`${PATH}/${id}`, { project_id: projectId }),
    (team, id) => team.filter((m) => m.id !== id),
  );
}
