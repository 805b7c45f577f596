import { describe, expect, it } from 'vitest';
import type { Filters } from '@/components/saved-views/view-picker';
import { localDayIso } from '@/lib/client/format';
import { readUrlState } from '@/lib/shared/url-state';
import { tasksListQuery } from '@/lib/shared/validation/tasks';
import { TASK_VIEWS, TASKS_URL_KEYS, taskViewTranslation, tasksListParams } from './tasks-params';

// The tasks page's views: built-ins in the page's own words (deadline windows count from today),
// saved views in the list's parameters, which the API checks a saved view's filters against.

const ME = '7';
const translate = taskViewTranslation(ME);
const state = (filters: Filters) => readUrlState(new URLSearchParams(filters as Record<string, string>), TASKS_URL_KEYS);

describe('the tasks page’s built-in views', () => {
  it('ask the list for what they are named after', () => {
    const params = (key: string) => tasksListParams(state(TASK_VIEWS.find((v) => v.key === key)!.filters), ME);
    expect(params('mine')).toMatchObject({ assigned_to_id: ME, completed: 'false' });
    expect(params('overdue')).toMatchObject({ assigned_to_id: ME, completed: 'false', deadline_before: localDayIso() });
    expect(params('week')).toMatchObject({ assigned_to_id: ME, deadline_after: localDayIso(-1), deadline_before: localDayIso(7) });
    expect(params('completed')).toMatchObject({ assigned_to_id: ME, completed: 'true' });
    expect(params('everyone')).toMatchObject({ assigned_to_id: undefined, completed: 'false' });
    expect(params('everyone-overdue')).toMatchObject({ assigned_to_id: undefined, deadline_before: localDayIso() });
    expect(params('all')).toMatchObject({ assigned_to_id: undefined, completed: undefined });
  });

  it('use only keys of the page’s URL', () => {
    for (const view of TASK_VIEWS) for (const key of Object.keys(view.filters)) expect(TASKS_URL_KEYS).toContain(key);
    expect(new Set(TASK_VIEWS.map((v) => v.key)).size).toBe(TASK_VIEWS.length);
  });
});

describe('a saved view of tasks', () => {
  const pages: Filters[] = [
    {},
    { status: 'done' },
    { status: 'any', project_id: '12' },
    { view: 'all' },
    { view: 'all', assigned_to_id: '9', status: 'done' },
    { view: 'all', status: 'any', project_id: '3' },
  ];

  it('keeps the list’s own parameters, which the API takes', () => {
    expect(translate.toSaved({}).filters).toEqual({ assigned_to_id: ME, completed: 'false' });
    expect(translate.toSaved({ view: 'all', status: 'any' }).filters).toEqual({});
    expect(translate.toSaved({ view: 'all', assigned_to_id: '9', status: 'done', project_id: '4' }).filters).toEqual({
      assigned_to_id: '9',
      completed: 'true',
      project_id: '4',
    });
    const known = Object.keys(tasksListQuery.shape);
    for (const page of pages) {
      const { filters } = translate.toSaved(page);
      for (const key of Object.keys(filters)) expect(known, key).toContain(key);
      expect(tasksListQuery.safeParse(filters).success, JSON.stringify(filters)).toBe(true);
    }
  });

  it('shows the page it was saved from', () => {
    for (const page of pages) expect(translate.fromSaved(translate.toSaved(page).filters), JSON.stringify(page)).toEqual(page);
  });

  it('leaves the deadline window out, and says so', () => {
    const saved = translate.toSaved({ due: 'overdue', project_id: '5' });
    expect(saved.filters).toEqual({ assigned_to_id: ME, completed: 'false', project_id: '5' });
    expect(saved.note).toMatch(/not the deadline window \(“Overdue”\)/);
    expect(translate.toSaved({ status: 'done' }).note).toBeUndefined();
  });

  it('someone else’s “mine” shows their tasks, among everyone’s', () => {
    expect(taskViewTranslation('8').fromSaved({ assigned_to_id: ME, completed: 'false' })).toEqual({ view: 'all', assigned_to_id: ME });
    expect(tasksListParams(state({ view: 'all', assigned_to_id: ME }), '8')).toMatchObject({ assigned_to_id: ME });
  });

  it('made through the API with parameters the page has no control for, shows what the page can', () => {
    expect(translate.fromSaved({ task_list_id: '4', deadline_before: '2026-01-01', completed: 'false' })).toEqual({ view: 'all' });
  });
});

describe('the tasks list of a URL', () => {
  it('narrows everyone’s tasks to one person, and ignores the person for mine', () => {
    expect(tasksListParams(state({ view: 'all', assigned_to_id: '9' }), ME)).toMatchObject({ assigned_to_id: '9' });
    expect(tasksListParams(state({ assigned_to_id: '9' }), ME)).toMatchObject({ assigned_to_id: ME });
    expect(tasksListParams(state({ view: 'all' }), ME).assigned_to_id).toBeUndefined();
  });
});
