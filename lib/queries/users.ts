import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UserResponse } from '@/lib/validation/users';

export const meQuery = queryOptions({
  queryKey: ['users', 'me'],
  queryFn: () => api.get<UserResponse>('/users/me', 'user'),
  staleTime: 10 * 60_000,
});

export const useMe = () => useQuery(meQuery);
