'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import type { PlanInterval } from '@/lib/shared/domain/workforce';

// The controls above the workforce views: the role and division filters, weeks or months, and
// the buttons that move the window of periods.

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

/** The division filter of a view ("Any division"); `label` names it where "Division" alone would not say of what. */
export function DivisionSelect({
  value,
  onChange,
  label = 'Division',
  className = 'w-full sm:w-48',
}: {
  value: string;
  onChange: (divisionId: string) => void;
  label?: string;
  className?: string;
}) {
  const divisions = useOptions('/divisions', 'divisions').data ?? [];
  return (
    <Select aria-label={label} placeholder="Any division" options={divisions} value={value} onChange={(e) => onChange(e.target.value)} className={className} />
  );
}

/** The role filter of a workforce view ("Any role", or what `placeholder` says when one is always chosen). */
export function RoleSelect({
  value,
  onChange,
  placeholder = 'Any role',
  className,
}: {
  value: string;
  onChange: (roleId: string) => void;
  placeholder?: string;
  className?: string;
}) {
  const roles = useOptions('/workforce/roles', 'workforce_roles').data ?? [];
  return <Select aria-label="Role" placeholder={placeholder} options={roles} value={value} onChange={(e) => onChange(e.target.value)} className={className} />;
}

/** "← Earlier" and "Later →": the window of periods one step back or on (`labels` say how far); then `children`. */
export function EarlierLater({
  onMove,
  labels,
  children,
}: {
  onMove: (steps: number) => void;
  labels: [earlier: string, later: string];
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <Button variant="secondary" onClick={() => onMove(-1)} aria-label={labels[0]}>
        ← Earlier
      </Button>
      <Button variant="secondary" onClick={() => onMove(1)} aria-label={labels[1]}>
        Later →
      </Button>
      {children}
    </div>
  );
}
