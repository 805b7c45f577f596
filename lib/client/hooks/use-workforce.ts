import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListPage, type QueryParams } from '@/lib/client/api-client';
import type { WorkforceEmployeeResponse } from '@/lib/shared/validation/workforce-employees';

export type Employee = WorkforceEmployeeResponse;
type Named = Pick<Employee, 'legal_first_name' | 'preferred_first_name' | 'last_name'>;

/** The name a person goes by: preferred first name (else legal) and last name. */
export function employeeName(e: Named): string {
  return `${e.preferred_first_name || e.legal_first_name} ${e.last_name}`.trim();
}

export const employeeKeys = {
  all: ['workforce_employees'] as const,
  lists: () => [...employeeKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...employeeKeys.lists(), params] as const,
  /** Every employee of the account (the org chart, manager choices): under lists(), so list invalidation refreshes it. */
  everyone: () => [...employeeKeys.lists(), 'everyone'] as const,
  details: () => [...employeeKeys.all, 'detail'] as const,
  detail: (id: string) => [...employeeKeys.details(), id] as const,
};

export const employeesQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: employeeKeys.list(params),
    queryFn: () => api.list<Employee>('/workforce/employees', 'workforce_employees', params),
    placeholderData: keepPreviousData,
  });

const PAGE = 100;

/** All employees, in pages of 100 (the API's maximum): the first page says how many more to fetch. */
export const allEmployeesQuery = queryOptions({
  queryKey: employeeKeys.everyone(),
  queryFn: async (): Promise<ListPage<Employee>> => {
    const list = (page: number) => api.list<Employee>('/workforce/employees', 'workforce_employees', { per_page: PAGE, page });
    const first = await list(1);
    const pages = Math.ceil(first.total / PAGE);
    const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => list(i + 2)));
    const items = [first, ...rest].flatMap((p) => p.items);
    return { items, total: items.length, page: 1, perPage: Math.max(items.length, 1) };
  },
});

export const employeeQuery = (id: string) =>
  queryOptions({
    queryKey: employeeKeys.detail(id),
    queryFn: () => api.get<Employee>(`/workforce/employees/${id}`, 'workforce_employee'),
  });

export const useEmployees = (params: QueryParams) => useQuery(employeesQuery(params));
export const useAllEmployees = () => useQuery(allEmployeesQuery);
/** One employee; shown at once from any list that already holds them, then refreshed. */
export function useEmployee(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    ...employeeQuery(id ?? ''),
    enabled: Boolean(id),
    placeholderData: () => {
      for (const [, page] of qc.getQueriesData<ListPage<Employee>>({ queryKey: employeeKeys.lists() })) {
        const found = page?.items.find((e) => e.id === id);
        if (found) return found;
      }
      return undefined;
    },
  });
}

export function useCreateEmployee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (employee: Record<string, unknown>) => api.post<Employee>('/workforce/employees', 'workforce_employee', { workforce_employee: employee }),
    // The form shows the API's errors next to its fields.
    meta: { silent: true },
    onSuccess: (employee) => {
      qc.setQueryData(employeeKeys.detail(employee.id), employee);
      return qc.invalidateQueries({ queryKey: employeeKeys.lists() });
    },
  });
}

type Snapshot = { lists: [readonly unknown[], ListPage<Employee> | undefined][]; detail?: Employee };

/** Applies `change` to the employee in every cached list and its detail; returns what to roll back to. */
async function patchCaches(qc: ReturnType<typeof useQueryClient>, id: string, change: (e: Employee) => Employee | null) {
  await qc.cancelQueries({ queryKey: employeeKeys.all });
  const lists = qc.getQueriesData<ListPage<Employee>>({ queryKey: employeeKeys.lists() });
  const detail = qc.getQueryData<Employee>(employeeKeys.detail(id));
  for (const [key, page] of lists) {
    if (!page) continue;
    const items = page.items.flatMap((e) => (e.id === id ? (change(e) ?? []) : [e]));
    qc.setQueryData(key, { ...page, items, total: page.total - (page.items.length - items.length) });
  }
  if (detail) {
    const next = change(detail);
    if (next) qc.setQueryData(employeeKeys.detail(id), next);
  }
  return { lists, detail } satisfies Snapshot;
}

function rollback(qc: ReturnType<typeof useQueryClient>, id: string, snapshot: Snapshot | undefined) {
  for (const [key, page] of snapshot?.lists ?? []) qc.setQueryData(key, page);
  if (snapshot?.detail) qc.setQueryData(employeeKeys.detail(id), snapshot.detail);
}

/**
 * PATCH an employee. With `optimistic`, every list (the org chart too) shows the change at once and
 * rolls back if the API refuses it.
 */
export function useUpdateEmployee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes, base }: { id: string; changes: Record<string, unknown>; optimistic?: Partial<Employee>; base?: unknown }) =>
      api.patch<Employee>(`/workforce/employees/${id}`, 'workforce_employee', { workforce_employee: changes }, undefined, base),
    meta: { silent: true },
    onMutate: async ({ id, optimistic }): Promise<Snapshot | undefined> => (optimistic ? patchCaches(qc, id, (e) => ({ ...e, ...optimistic })) : undefined),
    onError: (_err, { id }, snapshot) => rollback(qc, id, snapshot),
    onSuccess: (employee) => qc.setQueryData(employeeKeys.detail(employee.id), employee),
    onSettled: () => qc.invalidateQueries({ queryKey: employeeKeys.lists() }),
  });
}

/** DELETE an employee: gone from every list at once, back (with the toast of the mutation cache) if refused. */
export function useDeleteEmployee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/workforce/employees/${id}`),
    onMutate: (id) => patchCaches(qc, id, () => null),
    onError: (_err, id, snapshot) => rollback(qc, id, snapshot),
    onSuccess: (_v, id) => qc.removeQueries({ queryKey: employeeKeys.detail(id) }),
    onSettled: () => qc.invalidateQueries({ queryKey: employeeKeys.lists() }),
  });
}
