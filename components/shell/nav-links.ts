// The dashboard's pages; more join as they are built (tasks, companies, …).
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/leads', label: 'Leads' },
  { href: '/projects', label: 'Projects' },
  { href: '/teams', label: 'Teams' },
] as const;
