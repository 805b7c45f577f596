'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { readUrlState } from '@/lib/shared/url-state';

/**
 * A page's view state (filters, sort, page) kept in the URL, so a view can be shared and survives
 * reload. Setting a filter resets `page` unless the update sets it.
 *
 * Updates compose: two made before the router catches up (a filter and then its debounced search
 * in one tick, say) each start from the URL the previous one asked for, not from the URL of the
 * last render, so the second no longer undoes the first.
 */
type Changes = Record<string, string | null | undefined>;

/** The query string `changes` make of `base`: blank values removed; `page` reset unless given. */
export function composeQuery(base: string, changes: Changes): string {
  const next = new URLSearchParams(base);
  if (!('page' in changes)) next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next.toString();
}

/**
 * The updates still on their way once the URL reads `now`: those after it when it is one of ours,
 * none when it is not (the back button, a link: the URL the person chose wins).
 */
export function unsettled(pending: readonly string[], now: string): string[] {
  const reached = pending.indexOf(now);
  return reached === -1 ? [] : pending.slice(reached + 1);
}

export function useUrlState<K extends string>(keys: readonly K[]) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  // Query strings asked of the router and not yet seen in `params`, oldest first.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    pending.current = unsettled(pending.current, params.toString());
  }, [params]);
  const state = useMemo(() => readUrlState(params, keys), [params, keys]);
  const update = useCallback(
    (changes: Partial<Record<K | 'page', string | null>>) => {
      const query = composeQuery(pending.current.at(-1) ?? params.toString(), changes);
      pending.current.push(query);
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [params, router, pathname],
  );
  return [state, update] as const;
}
