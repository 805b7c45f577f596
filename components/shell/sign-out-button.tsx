'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { authClient } from '@/lib/client/auth';

export function SignOutButton() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      className="whitespace-nowrap rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      onClick={async () => {
        setPending(true);
        await authClient.signOut();
        queryClient.clear();
        router.replace('/sign-in');
        router.refresh();
      }}
    >
      Sign out
    </button>
  );
}
