// The dashboard's pages; more join as they are built (projects, tasks, companies, …).
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/leads', label: 'Leads' },
  { href: '/tasks', label: 'Tasks' },
  { href: '/companies', label: 'Companies' },
  { href: '/contacts', label: 'Contacts' },
  { href: '/calls', label: 'Calls' },
] as const;
