import type { ReactNode } from 'react';

/** A settings page's section: its heading and what it is for, its actions on the right, then its content. */
export function SettingsSection({
  id,
  title,
  description,
  actions,
  className,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">{description}</p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
