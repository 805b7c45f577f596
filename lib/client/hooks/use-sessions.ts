import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { SessionResponse } from '@/lib/shared/validation/sessions';

export type Session = SessionResponse;

export const sessionKeys = {
  all: ['sessions'] as const,
  list: () => [...sessionKeys.all, 'list'] as const,
};

export const sessionsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.list(),
    queryFn: () => api.get<Session[]>('/sessions', 'sessions'),
  });

export const useSessions = () => useQuery(sessionsQuery());

/** Ends one session; it leaves the list at once and comes back if the API refuses. */
export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (session: Session) => api.delete(`/sessions/${session.id}`),
    onMutate: async (session) => {
      await qc.cancelQueries({ queryKey: sessionKeys.list() });
      const previous = qc.getQueryData<Session[]>(sessionKeys.list());
      if (previous)
        qc.setQueryData(
          sessionKeys.list(),
          previous.filter((s) => s.id !== session.id),
        );
      return { previous };
    },
    onError: (_err, _session, snapshot) => {
      if (snapshot?.previous) qc.setQueryData(sessionKeys.list(), snapshot.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: sessionKeys.list() }),
  });
}

/** Ends every session but this browser's. */
export function useRevokeOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/sessions'),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionKeys.list() }),
  });
}
