// The dashboard's pages; more join as they are built (tasks, companies, …).
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/leads', label: 'Leads' },
  { href: '/projects', label: 'Projects' },
  { href: '/forecast', label: 'Forecast' },
  { href: '/tasks', label: 'Tasks' },
  { href: '/companies', label: 'Companies' },
  { href: '/contacts', label: 'Contacts' },
  { href: '/calls', label: 'Calls' },
  { href: '/teams', label: 'Teams' },
  { href: '/workforce', label: 'Workforce' },
  { href: '/webhooks', label: 'Webhook messages' },
  { href: '/settings', label: 'Settings' },
] as const;
