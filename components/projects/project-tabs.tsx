import Link from 'next/link';

export const PROJECT_TABS = [
  { key: '', label: 'Overview' },
  { key: 'staffing', label: 'Team & staffing' },
] as const;

/** The project page's views, in the URL (`?tab=`), so each can be linked to. */
export function ProjectTabs({ projectId, current }: { projectId: string; current: string }) {
  return (
    <nav aria-label="Project views" className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
      {PROJECT_TABS.map((tab) => (
        <Link
          key={tab.key}
          href={tab.key ? `/projects/${projectId}?tab=${tab.key}` : `/projects/${projectId}`}
          scroll={false}
          aria-current={tab.key === current ? 'page' : undefined}
          className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 aria-[current=page]:border-blue-700 aria-[current=page]:text-blue-800 dark:text-slate-400 dark:hover:text-slate-100 dark:aria-[current=page]:border-blue-400 dark:aria-[current=page]:text-blue-300"
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
