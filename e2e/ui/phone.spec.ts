import { expect, test } from '../fixtures';
import { screens } from './screens';

// On a phone (390 × 844) every list is a column of cards: the first record shows without
// scrolling, with its key facts, and every action of it is within the screen. The filters wait
// behind a "Filters" button.

test.use({ viewport: { width: 390, height: 844 } });

const LISTS = [
  ['/leads?view=all', 'leads'],
  ['/projects?view=table', 'projects'],
  ['/companies', 'companies'],
  ['/contacts', 'contacts'],
  ['/calls', 'calls'],
  ['/tasks', 'tasks'],
  ['/workforce', 'workforce'],
] as const;

for (const [path, name] of LISTS) {
  test(`${path}: the first record is a card above the fold, its actions on screen`, async ({ page }) => {
    await page.goto(path);
    // A table's rows are cards; the calls' and tasks' lists were cards already.
    const first = page.getByRole('row').or(page.getByRole('main').getByRole('listitem')).first();
    await expect(first).toBeVisible();
    const box = (await first.boundingBox())!;
    expect(box.y + Math.min(box.height, 60), 'the first card starts above the fold').toBeLessThan(844);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'the card fits the screen').toBeLessThanOrEqual(390 + 1);
    for (const control of await first.locator('button, a, select, input').all()) {
      if (!(await control.isVisible())) continue;
      const b = (await control.boundingBox())!;
      expect(b.x, `${await control.textContent()} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, `${(await control.getAttribute('aria-label')) ?? (await control.textContent())} ends on screen`).toBeLessThanOrEqual(391);
    }
    // No column header row on a phone: the card labels its facts itself.
    await expect(page.getByRole('columnheader')).toHaveCount(0);
    await screens(page, `phone-${name}`);
  });
}

test('the leads filters fold behind a Filters button that counts them', async ({ page }) => {
  await page.goto('/leads?view=all&priority=true');
  const priority = page.getByLabel('Priority', { exact: true });
  await expect(priority).toBeHidden();
  const button = page.getByRole('button', { name: 'Filters (1)' });
  await expect(async () => {
    await button.click();
    await expect(priority).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(priority).toHaveValue('true');
  await screens(page, 'phone-leads-filters');
});

test('a tab strip wider than the phone fades at the edge it continues past', async ({ page }) => {
  await page.goto('/settings/pipeline');
  const tabs = page.getByRole('navigation', { name: 'Settings' });
  await expect(tabs.getByRole('link', { name: 'Pipeline' })).toHaveAttribute('aria-current', 'page');
  const mask = () => tabs.evaluate((el) => getComputedStyle(el).maskImage || getComputedStyle(el).webkitMaskImage);
  await expect.poll(mask).toContain('linear-gradient');
  // Scrolled to its end, the fade is on the left only.
  await tabs.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(mask).toMatch(/^linear-gradient\((to right|90deg), rgba\(0, 0, 0, 0\), rgb\(0, 0, 0\) [\d.]+px\)$/);
  await screens(page, 'phone-settings-tabs');
});
