import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { screens } from './screens';

// Project teams: add a member with roles on a project, change the roles, remove them; the Teams
// page lists every team across projects.

/** axe-core in light and dark mode: no serious or critical violation. */
async function expectNoSeriousViolations(page: Page) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${scheme} ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

// The seed leaves every seventh project without a team; this is one of them.
const PROJECT = 'Castle Rock Municipal Court Remodel';

test("adds a member with roles to a project's team, changes the roles, and removes them", async ({ page }) => {
  await page.goto(`/projects?view=table&q=${encodeURIComponent('Castle Rock Municipal')}`);
  await page.getByRole('link', { name: PROJECT }).click();
  // The Team tab: the users who work the pursuit (Team members), then the workforce's staffing.
  await page.getByRole('tablist', { name: 'Project' }).getByRole('tab', { name: 'Team' }).click();
  await expect(page).toHaveURL(/tab=team/);
  await expect(page.getByRole('region', { name: 'Staffing' })).toBeVisible();
  const team = page.getByRole('region', { name: 'Team members' });
  await expect(team.getByText('No one on this team yet.')).toBeVisible();
  await screens(page, 'project-team-empty');

  await team.getByRole('button', { name: 'Add member' }).click();
  const add = page.getByRole('dialog', { name: 'Add a team member' });
  // Someone already on the team is not offered.
  await add.getByLabel('Member').selectOption({ label: 'Marcus Reyes' });
  await add.getByLabel('Estimator').check();
  await add.getByRole('button', { name: 'Add to team' }).click();
  await expect(add).toBeHidden();
  await expect(team.getByRole('listitem', { name: 'Marcus Reyes' })).toContainText('Estimator');

  await team.getByRole('button', { name: 'Add member' }).click();
  await expect(add.getByLabel('Member').getByRole('option', { name: 'Marcus Reyes' })).toHaveCount(0);
  await add.getByLabel('Member').selectOption({ label: 'Priya Nair' });
  await add.getByRole('button', { name: 'Add to team' }).click();
  await expect(add.getByText('must have at least one role')).toBeVisible();
  await add.getByLabel('Project Manager', { exact: true }).check();
  await add.getByLabel('Superintendent').check();
  await expectNoSeriousViolations(page);
  await screens(page, 'team-add-member');
  await add.getByRole('button', { name: 'Add to team' }).click();
  await expect(add).toBeHidden();
  const priya = team.getByRole('listitem', { name: 'Priya Nair' });
  await expect(priya.getByRole('list', { name: 'Roles of Priya Nair' })).toHaveText(/Project Manager\s*Superintendent/);

  await priya.getByRole('button', { name: 'Change roles of Priya Nair' }).click();
  const roles = page.getByRole('dialog', { name: 'Roles of Priya Nair' });
  await expect(roles.getByLabel('Project Manager', { exact: true })).toBeChecked();
  await roles.getByLabel('Superintendent').uncheck();
  await roles.getByLabel('Safety Manager').check();
  await roles.getByRole('button', { name: 'Save roles' }).click();
  await expect(roles).toBeHidden();
  await expect(priya.getByRole('list', { name: 'Roles of Priya Nair' })).toHaveText(/Project Manager\s*Safety Manager/);
  await page.reload();
  await expect(team.getByRole('listitem', { name: 'Priya Nair' })).toContainText('Safety Manager');
  await expectNoSeriousViolations(page);
  await screens(page, 'project-team');

  // The Teams page shows the new membership under its role.
  await page.goto('/teams?role=safety_manager');
  await expect(page.getByRole('row', { name: new RegExp(`${PROJECT}.*Priya Nair`) })).toContainText('Safety Manager');

  await page.goBack();
  page.once('dialog', (d) => d.accept());
  await team.getByRole('button', { name: 'Remove Priya Nair from the team' }).click();
  await expect(team.getByRole('listitem', { name: 'Priya Nair' })).toHaveCount(0);
  await expect(page.getByText('Removed Priya Nair from the team.')).toBeVisible();
  await page.reload();
  await expect(team.getByRole('listitem', { name: 'Marcus Reyes' })).toBeVisible();
  await expect(team.getByRole('listitem', { name: 'Priya Nair' })).toHaveCount(0);
});

test('lists the teams of every project, filtered in the URL, with no serious accessibility violation', async ({ page }) => {
  await page.goto('/teams');
  await expect(page.getByRole('heading', { name: 'Teams' })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(1);
  // Grouped by project: a project's name links to it once.
  await expect(page.getByRole('link', { name: 'AVCC Science Building Renovation' })).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await screens(page, 'teams');

  await page.getByLabel('Role', { exact: true }).selectOption('project_admin');
  await expect(page).toHaveURL(/role=project_admin/);
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText('Project Admin');
  await page.getByLabel('Person').selectOption({ label: 'Priya Nair' });
  await expect(page).toHaveURL(/user_id=\d+/);
  for (const row of await rows.all()) {
    if (await row.getByRole('cell').count()) await expect(row).toContainText('Priya Nair');
  }
  await page.getByLabel('Order').selectOption('user');
  await expect(page).toHaveURL(/sort=user/);
  await page.getByLabel('Role', { exact: true }).selectOption('accountant');
  await expect(page.getByText('No team memberships match this view.')).toBeVisible();
});
