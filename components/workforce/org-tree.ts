import type { Employee } from '@/lib/client/hooks/use-workforce';
import { employeeName } from '@/lib/client/hooks/use-workforce';

export interface OrgNode {
  employee: Employee;
  reports: OrgNode[];
  /** Everyone below, directly or not. */
  size: number;
}

const byName = (a: OrgNode, b: OrgNode) => employeeName(a.employee).localeCompare(employeeName(b.employee));

/**
 * The org chart from manager links: the people without a manager (or whose manager is not in the
 * list) at the top, each with their reports, by name. Links cannot form a cycle (the API refuses
 * them); a cycle in the data would simply leave its members out.
 */
export function buildOrgTree(employees: Employee[]): OrgNode[] {
  const nodes = new Map(employees.map((e) => [e.id, { employee: e, reports: [] as OrgNode[], size: 0 }]));
  const roots: OrgNode[] = [];
  for (const node of nodes.values()) {
    const manager = node.employee.manager ? nodes.get(node.employee.manager.id) : undefined;
    (manager ? manager.reports : roots).push(node);
  }
  const finish = (node: OrgNode): number => {
    node.reports.sort(byName);
    node.size = node.reports.reduce((n, r) => n + 1 + finish(r), 0);
    return node.size;
  };
  roots.sort(byName).forEach(finish);
  return roots;
}

/** Ids of everyone who reports to `id`, directly or indirectly. */
export function descendantsOf(employees: Employee[], id: string): Set<string> {
  const reportsOf = new Map<string, string[]>();
  for (const e of employees) {
    if (e.manager) reportsOf.set(e.manager.id, [...(reportsOf.get(e.manager.id) ?? []), e.id]);
  }
  const out = new Set<string>();
  const stack = [...(reportsOf.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    if (out.has(next) || next === id) continue;
    out.add(next);
    stack.push(...(reportsOf.get(next) ?? []));
  }
  return out;
}
