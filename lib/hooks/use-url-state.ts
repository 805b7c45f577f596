'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';

/**
 * A page's view state (filters, sort, page) kept in the URL, so a view can be shared and survives
 * reload. Setting a filter resets `page` unless the update sets it.
 */
export function useUrlState<K extends string>(keys: readonly K[]) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const state = useMemo(
    () => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>,
    [params, keys],
  );
  const update = useCallback(
    (changes: Partial<Record<K | 'page', string | null>>) => {
      const next = new URLSearchParams(params.toString());
      if (!('page' in changes)) next.delete('page');
      for (const [key, value] of Object.entries(changes) as [string, string | null | undefined][]) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      const query = next.toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [params, router, pathname],
  );
  return [state, update] as const;
}
