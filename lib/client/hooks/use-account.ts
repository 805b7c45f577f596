import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { AccountResponse } from '@/lib/shared/validation/account';
import { userKeys } from './use-users';

export type Account = AccountResponse;

const accountKey = ['account'] as const;

/** The caller's account: its name and the time zone of users who have not chosen one. */
export const accountQuery = queryOptions({ queryKey: accountKey, queryFn: () => api.get<Account>('/account', 'account') });
export const useAccount = () => useQuery(accountQuery);

/** An admin renames the account or sets its time zone (If-Match: the account as read). */
export function useUpdateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, base }: { changes: Partial<Pick<Account, 'name' | 'time_zone'>>; base: Account }) =>
      api.patch<Account>('/account', 'account', { account: changes }, undefined, base),
    onSuccess: (account) => {
      qc.setQueryData(accountKey, account);
      // Users without a zone of their own now read the account's.
      return qc.invalidateQueries({ queryKey: userKeys.me() });
    },
  });
}
