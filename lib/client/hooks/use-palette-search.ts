import { humanize } from '@/lib/client/format';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { CompanyResponse } from '@/lib/shared/validation/companies';
import type { ContactResponse } from '@/lib/shared/validation/contacts';
import type { LeadResponse } from '@/lib/shared/validation/leads';
import type { ProjectResponse } from '@/lib/shared/validation/projects';
import type { PermissionArea } from '@/lib/shared/validation/enums';
import { employeeName, type Employee } from './use-workforce';

// Find anything by name (the command palette): each resource's own `q` filter, a few hits each.

export interface SearchHit {
  id: string;
  title: string;
  detail: string | null;
  /** Where the record shows in the dashboard. */
  href: string;
}

interface Source<T> {
  kind: string;
  /** The permission area it belongs to: searched only when the user may read it. */
  area: PermissionArea;
  label: string;
  path: string;
  key: string;
  hit: (record: T) => SearchHit;
}

const source = <T>(s: Source<T>) => s as Source<unknown>;

export const SEARCH_SOURCES = [
  source<ProjectResponse>({
    kind: 'project',
    area: 'projects',
    label: 'Projects',
    path: '/projects',
    key: 'projects',
    hit: (p) => ({ id: p.id, title: p.name, detail: p.project_stage?.name ?? null, href: `/projects/${p.id}` }),
  }),
  source<LeadResponse>({
    kind: 'lead',
    area: 'leads',
    label: 'Leads',
    path: '/leads',
    key: 'leads',
    hit: (l) => ({ id: l.id, title: l.name, detail: l.company?.name ?? null, href: `/leads/${l.id}` }),
  }),
  source<CompanyResponse>({
    kind: 'company',
    area: 'directory',
    label: 'Companies',
    path: '/companies',
    key: 'companies',
    hit: (c) => ({ id: c.id, title: c.name, detail: c.category ? humanize(c.category) : null, href: `/companies/${c.id}` }),
  }),
  source<ContactResponse>({
    kind: 'contact',
    area: 'directory',
    label: 'Contacts',
    path: '/contacts',
    key: 'contacts',
    hit: (c) => ({
      id: c.id,
      title: c.name ?? c.email ?? `Contact #${c.id}`,
      detail: c.company?.name ?? c.email,
      href: `/contacts/${c.id}`,
    }),
  }),
  source<Employee>({
    kind: 'employee',
    area: 'workforce',
    label: 'Employees',
    path: '/workforce/employees',
    key: 'workforce_employees',
    hit: (e) => ({ id: e.id, title: employeeName(e), detail: e.role?.name ?? null, href: `/workforce?employee=${e.id}` }),
  }),
];

export const SEARCH_PER_KIND = 5;

export const searchQuery = (kind: string, q: string) => {
  const s = SEARCH_SOURCES.find((x) => x.kind === kind)!;
  return queryOptions({
    queryKey: ['search', kind, q] as const,
    queryFn: async () => (await api.list<unknown>(s.path, s.key, { q, per_page: SEARCH_PER_KIND })).items.map(s.hit),
    enabled: q.trim().length > 0,
    staleTime: 30_000,
  });
};
