'use client';

import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { employeeName } from '@/lib/client/hooks/use-workforce';
import type { OrgNode } from './org-tree';

interface Visible {
  node: OrgNode;
  parent: string | null;
}

/** The nodes a reader can reach: the roots, and the reports of every expanded node, in order. */
function visibleNodes(roots: OrgNode[], expanded: Set<string>): Visible[] {
  const out: Visible[] = [];
  const walk = (nodes: OrgNode[], parent: string | null) => {
    for (const node of nodes) {
      out.push({ node, parent });
      if (node.reports.length && expanded.has(node.employee.id)) walk(node.reports, node.employee.id);
    }
  };
  walk(roots, null);
  return out;
}

export function allManagerIds(roots: OrgNode[]): string[] {
  const ids: string[] = [];
  const walk = (nodes: OrgNode[]) =>
    nodes.forEach((n) => {
      if (n.reports.length) {
        ids.push(n.employee.id);
        walk(n.reports);
      }
    });
  walk(roots);
  return ids;
}

/**
 * The org chart as an ARIA tree: one tab stop; arrows move (Up/Down), open and enter (Right), close
 * and climb (Left); Home and End; Enter opens the person.
 */
export function OrgChart({
  roots,
  expanded,
  onExpandedChange,
  onOpen,
}: {
  roots: OrgNode[];
  expanded: Set<string>;
  onExpandedChange: (next: Set<string>) => void;
  onOpen: (id: string) => void;
}) {
  const visible = useMemo(() => visibleNodes(roots, expanded), [roots, expanded]);
  const [active, setActive] = useState<string | null>(null);
  const items = useRef(new Map<string, HTMLLIElement>());
  // The tab stop: the active item while it is visible, else the first one.
  const current = visible.some((v) => v.node.employee.id === active) ? active : (visible[0]?.node.employee.id ?? null);

  const moveTo = useCallback((id: string | undefined | null) => {
    if (!id) return;
    setActive(id);
    items.current.get(id)?.focus();
  }, []);

  const toggle = (id: string, open: boolean) => {
    const next = new Set(expanded);
    if (open) next.add(id);
    else next.delete(id);
    onExpandedChange(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const index = visible.findIndex((v) => v.node.employee.id === current);
    const here = visible[index];
    if (!here) return;
    const { node, parent } = here;
    const id = node.employee.id;
    const hasReports = node.reports.length > 0;
    const isOpen = expanded.has(id);
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        moveTo(visible[index + 1]?.node.employee.id);
        break;
      case 'ArrowUp':
        moveTo(visible[index - 1]?.node.employee.id);
        break;
      case 'ArrowRight':
        if (hasReports && !isOpen) toggle(id, true);
        else if (hasReports) moveTo(node.reports[0]!.employee.id);
        break;
      case 'ArrowLeft':
        if (hasReports && isOpen) toggle(id, false);
        else moveTo(parent);
        break;
      case 'Home':
        moveTo(visible[0]?.node.employee.id);
        break;
      case 'End':
        moveTo(visible.at(-1)?.node.employee.id);
        break;
      case 'Enter':
      case ' ':
        onOpen(id);
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  };

  const renderNode = (node: OrgNode, level: number, position: number, setSize: number) => {
    const e = node.employee;
    const id = e.id;
    const name = employeeName(e);
    const hasReports = node.reports.length > 0;
    const isOpen = hasReports && expanded.has(id);
    const reports = node.reports.length;
    return (
      <li
        key={id}
        ref={(el) => {
          if (el) items.current.set(id, el);
          else items.current.delete(id);
        }}
        role="treeitem"
        aria-level={level}
        aria-posinset={position}
        aria-setsize={setSize}
        aria-expanded={hasReports ? isOpen : undefined}
        aria-label={`${name}${e.role ? `, ${e.role.name}` : ''}${hasReports ? `, ${reports} direct report${reports === 1 ? '' : 's'}` : ''}`}
        tabIndex={id === current ? 0 : -1}
        onFocus={(ev) => {
          if (ev.target === ev.currentTarget) setActive(id);
        }}
        className="group outline-none"
      >
        <div className="flex items-stretch gap-1 py-1">
          <span
            aria-hidden
            onClick={(ev) => {
              ev.stopPropagation();
              if (hasReports) toggle(id, !isOpen);
            }}
            className={`flex w-6 shrink-0 items-center justify-center rounded text-xs text-slate-500 dark:text-slate-400 ${hasReports ? 'cursor-pointer hover:bg-slate-200 dark:hover:bg-slate-800' : ''}`}
          >
            {hasReports ? (isOpen ? '▾' : '▸') : '·'}
          </span>
          <div
            onClick={() => {
              moveTo(id);
              onOpen(id);
            }}
            className="min-w-0 flex-1 cursor-pointer rounded-md border border-slate-200 bg-white px-3 py-2 hover:border-blue-400 group-focus-visible:ring-2 group-focus-visible:ring-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-blue-500"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium text-slate-900 dark:text-slate-100">{name}</span>
              {hasReports ? (
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {reports} direct · {node.size} total
                </span>
              ) : null}
            </div>
            <div className="truncate text-sm text-slate-600 dark:text-slate-400">
              {e.role?.name ?? 'No role'}
              {e.email ? <span className="hidden sm:inline"> · {e.email}</span> : null}
            </div>
          </div>
        </div>
        {isOpen ? (
          <ul role="group" className="ml-3 border-l border-slate-300 pl-2 sm:ml-3 sm:pl-4 dark:border-slate-700">
            {node.reports.map((r, i) => renderNode(r, level + 1, i + 1, node.reports.length))}
          </ul>
        ) : null}
      </li>
    );
  };

  return (
    <ul role="tree" aria-label="Org chart" onKeyDown={onKeyDown} className="space-y-1">
      {roots.map((r, i) => renderNode(r, 1, i + 1, roots.length))}
    </ul>
  );
}
