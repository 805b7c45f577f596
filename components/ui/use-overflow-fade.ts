'use client';

import { useEffect, useState, type RefObject } from 'react';

// A strip that scrolls sideways (tabs on a phone) fades out at an edge with more beyond it: the
// labels are never cut without a sign that the strip goes on.

const FADES = {
  none: '',
  right: '[mask-image:linear-gradient(to_right,black_calc(100%_-_2.5rem),transparent)]',
  left: '[mask-image:linear-gradient(to_right,transparent,black_2.5rem)]',
  both: '[mask-image:linear-gradient(to_right,transparent,black_2.5rem,black_calc(100%_-_2.5rem),transparent)]',
} as const;

/** The classes that fade `ref`'s edges where it has more to scroll to; follows scrolling and resizing. */
export function useOverflowFade(ref: RefObject<HTMLElement | null>): string {
  const [fade, setFade] = useState<keyof typeof FADES>('none');
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setFade(left && right ? 'both' : left ? 'left' : right ? 'right' : 'none');
    };
    el.addEventListener('scroll', update, { passive: true });
    // A ResizeObserver calls back once at once, then on every change of size.
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref]);
  return FADES[fade];
}
