import Link from 'next/link';

const TABS = [
  { href: '/workforce', label: 'Directory' },
  { href: '/workforce/org-chart', label: 'Org chart' },
  { href: '/workforce/utilization', label: 'Utilization' },
  { href: '/workforce/demand', label: 'Demand' },
] as const;

/** Directory and org chart (the people), utilization and demand (their planned work): views of one workforce. */
export function WorkforceTabs({ current }: { current: (typeof TABS)[number]['href'] }) {
  return (
    <nav aria-label="Workforce views" className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
      {TABS.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          aria-current={tab.href === current ? 'page' : undefined}
          className="-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 aria-[current=page]:border-blue-700 aria-[current=page]:text-blue-800 dark:text-slate-400 dark:hover:text-slate-100 dark:aria-[current=page]:border-blue-400 dark:aria-[current=page]:text-blue-300"
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
