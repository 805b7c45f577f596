// The dashboard's pages; more join as they are built (projects, tasks, companies, …).
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/leads', label: 'Leads' },
  { href: '/workforce', label: 'Workforce' },
  { href: '/webhooks', label: 'Webhook messages' },
] as const;
