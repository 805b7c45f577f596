import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListPage, type QueryParams } from '@/lib/client/api-client';
import type { UserResponse } from '@/lib/shared/validation/users';
import { lookupKeys } from './use-lookups';

export type User = UserResponse;

export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...userKeys.lists(), params] as const,
};

export const meQuery = queryOptions({
  queryKey: userKeys.me(),
  queryFn: () => api.get<UserResponse>('/users/me', 'user'),
  staleTime: 10 * 60_000,
});

export const useMe = () => useQuery(meQuery);

export const usersQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: () => api.list<User>('/users', 'users', params),
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: QueryParams) => useQuery(usersQuery(params));

/** A user's name or role changed: the user lists, the caller (if it was them) and every user select. */
function useRefreshUsers() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: userKeys.all }),
      qc.invalidateQueries({ queryKey: lookupKeys.list('/users') }),
      qc.invalidateQueries({ queryKey: ['search', '/users'] }),
    ]);
}

export function useCreateUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (user: Record<string, unknown>) => api.post<User>('/users', 'user', { user }),
    // The form shows the API's 422s (a taken email) next to its fields.
    meta: { silent: true },
    onSuccess: refresh,
  });
}

export type UserChanges = Partial<{
  first_name: string | null;
  last_name: string | null;
  role: User['role'];
  deactivated: boolean;
  /** An admin's reset: the user is signed out everywhere and signs in with it. */
  password: string;
  revoke_tokens: boolean;
  project_access: User['project_access'];
  /** Any areas; the others keep their levels. */
  permissions: Partial<User['permissions']>;
}>;

/**
 * Role and status changes show at once in the cached lists, rolled back (with a toast, unless
 * `silent`: a form shows the refusal) if refused. With `base`, its ETag goes as If-Match.
 */
export function useUpdateUser({ silent = false }: { silent?: boolean } = {}) {
  const qc = useQueryClient();
  const refresh = useRefreshUsers();
  return useMutation({
    meta: { silent },
    mutationFn: ({ id, changes, base }: { id: string; changes: UserChanges; base?: User }) =>
      api.patch<User>(`/users/${id}`, 'user', { user: changes }, undefined, base),
    onMutate: async ({ id, changes }) => {
      await qc.cancelQueries({ queryKey: userKeys.lists(), predicate: (q) => q.state.data !== undefined });
      const previous = qc.getQueriesData<ListPage<User>>({ queryKey: userKeys.lists() });
      // A password (an admin's reset) is no field of the user to show.
      const { deactivated, permissions, password: _password, revoke_tokens: _revoke, ...fields } = changes;
      const apply = (u: User): User => ({
        ...u,
        ...fields,
        permissions: { ...u.permissions, ...permissions },
        ...(deactivated === undefined ? {} : { deactivated, deactivated_at: deactivated ? (u.deactivated_at ?? new Date().toISOString()) : null }),
      });
      for (const [key, page] of previous) {
        if (page) qc.setQueryData(key, { ...page, items: page.items.map((u) => (u.id === id ? apply(u) : u)) });
      }
      return { previous };
    },
    onError: (_err, _vars, snapshot) => {
      for (const [key, page] of snapshot?.previous ?? []) qc.setQueryData(key, page);
    },
    onSettled: refresh,
  });
}

/** The caller's own name and email (Profile); the answer is the new `me`. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, base }: { changes: Record<string, unknown>; base: User }) =>
      api.patch<User>('/users/me', 'user', { user: changes }, undefined, base),
    meta: { silent: true },
    onSuccess: (me) => {
      qc.setQueryData(userKeys.me(), me);
      return Promise.all([qc.invalidateQueries({ queryKey: userKeys.lists() }), qc.invalidateQueries({ queryKey: lookupKeys.list('/users') })]);
    },
  });
}

/** The caller's own password, with the current one; the other sessions end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (change: { current_password: string; new_password: string }) => api.act('/users/me/password', { password_change: change }),
    meta: { silent: true },
  });
}
