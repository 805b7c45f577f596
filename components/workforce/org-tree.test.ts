import { describe, expect, it } from 'vitest';
import type { Employee } from '@/lib/client/hooks/use-workforce';
import { buildOrgTree, descendantsOf } from './org-tree';

const person = (id: string, first: string, managerId: string | null): Employee =>
  ({
    id,
    legal_first_name: first,
    preferred_first_name: null,
    last_name: 'Doe',
    manager: managerId ? { id: managerId } : null,
  }) as Employee;

describe('the org chart from manager links', () => {
  const staff = [
    person('1', 'Olive', null),
    person('2', 'Zed', '1'),
    person('3', 'Amy', '1'),
    person('4', 'Ben', '3'),
    person('5', 'Cal', '99'), // a manager not in the list: shown at the top
  ];

  it('nests reports under their manager, by name, with the size of each subtree', () => {
    const roots = buildOrgTree(staff);
    expect(roots.map((r) => r.employee.legal_first_name)).toEqual(['Cal', 'Olive']);
    const olive = roots[1]!;
    expect(olive.reports.map((r) => r.employee.legal_first_name)).toEqual(['Amy', 'Zed']);
    expect(olive.size).toBe(3);
    expect(olive.reports[0]!.reports.map((r) => r.employee.id)).toEqual(['4']);
  });

  it('lists everyone below a person, and leaves a cycle out rather than loop', () => {
    expect([...descendantsOf(staff, '1')].sort()).toEqual(['2', '3', '4']);
    expect([...descendantsOf(staff, '4')]).toEqual([]);
    const cycle = [person('a', 'A', 'b'), person('b', 'B', 'a'), person('c', 'C', null)];
    expect(buildOrgTree(cycle).map((r) => r.employee.id)).toEqual(['c']);
    expect([...descendantsOf(cycle, 'a')]).toEqual(['b']);
  });
});
