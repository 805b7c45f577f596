import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { screens } from './screens';

// No page scrolls sideways, on a desktop (1280 px) or a phone (390 px): every dashboard page
// (each page.tsx under app/(dashboard), detail pages with a seeded record) is no wider than the
// window. Wide content (the projects board, tables) scrolls inside its own area.

const WIDTHS = [1280, 390];

/** The dashboard's routes, from its page files: app/(dashboard)/companies/[id]/page.tsx → /companies/[id]. */
function dashboardRoutes(): string[] {
  const root = path.join('app', '(dashboard)');
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'page.tsx')
    .map(
      (file) =>
        `/${path
          .dirname(file)
          .split(path.sep)
          .filter((s) => s !== '.' && !/^\(.*\)$/.test(s))
          .join('/')}`,
    )
    .sort();
}

/** The route with its `[id]` filled in from the API: /companies/[id] → /companies/12. */
async function resolve(route: string, request: APIRequestContext, token: string): Promise<string> {
  const match = /^\/([a-z_-]+)\/\[id\](\?.*)?$/.exec(route);
  if (!match) {
    if (route.includes('[')) throw new Error(`${route}: give this spec an id for it`);
    return route;
  }
  const resource = match[1]!;
  const res = await request.get(`/api/2023-01/${resource}?per_page=1`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `GET /${resource}`).toBe(200);
  const [record] = (await res.json())[resource] as { id: string }[];
  return `/${resource}/${record!.id}${match[2] ?? ''}`;
}

/**
 * How far the page reaches past the window's right edge, and the outermost elements that do: those
 * past the edge that no scrolling or clipping ancestor of their containing-block chain holds in
 * (an absolutely positioned box escapes every ancestor up to its positioned one).
 */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const over = document.documentElement.scrollWidth - width;
    if (over <= 0) return null;
    const past = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
    const escapes = (el: Element) => {
      let position = getComputedStyle(el).position;
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (position === 'fixed') return true;
        const style = getComputedStyle(p);
        if (position === 'absolute' && style.position === 'static') continue;
        if (style.overflowX !== 'visible' && !past(p)) return false;
        position = style.position;
      }
      return true;
    };
    const sticksOut = (el: Element | null) => !!el && past(el) && escapes(el);
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => sticksOut(el) && !sticksOut(el.parentElement))
      .slice(0, 3)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">${(el.textContent ?? '').slice(0, 40)}`);
    return { over, culprits };
  });
}

// Views a page shows by its query string: the projects table, a project's tabs, the plans by another interval, Insights' competitors.
const pages = [
  ...dashboardRoutes(),
  '/projects?view=table',
  '/insights?view=competitors',
  '/projects/[id]?tab=forecast',
  '/projects/[id]?tab=team',
  '/projects/[id]?tab=go_no_go',
  '/projects/[id]?tab=documents',
  '/projects/[id]?tab=email',
  '/workforce/utilization?interval=month',
  '/workforce/demand?interval=week',
  '/calendar?view=week',
  '/calendar?view=agenda',
];

for (const route of pages) {
  test(`${route} scrolls no wider than 1280 and 390 px windows`, async ({ page, request, token }) => {
    const url = await resolve(route, request, token);
    const problems: string[] = [];
    // Loaded once, then measured at each width: the layout is CSS alone (no script reads the
    // window's width), so a resized page lays out as one loaded at that width, without a second load.
    await page.setViewportSize({ width: WIDTHS[0]!, height: 844 });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      // Two frames: the resize's layout is done before anything is measured.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
      const found = await overflow(page);
      if (found) problems.push(`${url} at ${width} px: ${found.over} px too wide (${found.culprits.join(', ')})`);
    }
    expect(problems).toEqual([]);
  });
}

test('the projects board scrolls inside its own area', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/projects');
  const board = page.getByRole('region', { name: 'Project board' });
  const lost = board.getByRole('region', { name: 'Lost', exact: true });
  await expect(lost.getByRole('listitem').first()).toBeVisible();
  await lost.scrollIntoViewIfNeeded();
  await expect(lost).toBeInViewport();
  expect(await board.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  await board.evaluate((el) => el.scrollTo({ left: 0 }));
  await page.evaluate(() => window.scrollTo(0, 0));
  await screens(page, 'projects-board-width');
});
