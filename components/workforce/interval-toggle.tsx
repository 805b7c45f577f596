'use client';

import type { PlanInterval } from '@/lib/shared/domain/workforce';

/** Weeks or months, as a pair of pressed buttons; `order` is the page's (its default first). */
export function IntervalToggle({
  value,
  onChange,
  order,
}: {
  value: PlanInterval;
  onChange: (interval: PlanInterval) => void;
  order: readonly [PlanInterval, PlanInterval];
}) {
  return (
    <div role="group" aria-label="Periods" className="flex rounded-md border border-slate-300 dark:border-slate-600">
      {order.map((i) => (
        <button
          key={i}
          type="button"
          aria-pressed={value === i}
          onClick={() => onChange(i)}
          className="px-3 py-2 text-sm font-medium first:rounded-l-md last:rounded-r-md aria-pressed:bg-blue-700 aria-pressed:text-white dark:aria-pressed:bg-blue-600"
        >
          {i === 'week' ? 'Weeks' : 'Months'}
        </button>
      ))}
    </div>
  );
}
