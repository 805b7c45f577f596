'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML, true after (and
 * at once on a page rendered in the browser). What depends on the browser's clock or time zone,
 * which the server cannot know, renders a neutral form until then, so hydration finds the
 * server's text and the local one follows.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
