import { expect, test } from '../fixtures';

// Two people, one record: a colleague saves a lead (through the API) while the estimator has it
// open; the estimator's save is refused with a conflict panel instead of overwriting their change.

test('a stale edit shows what the colleague changed and re-applies only my change', async ({ page, request, token }) => {
  const auth = { Authorization: `Bearer ${token}` };
  const name = `Harbor Clinic ${Date.now().toString(36)}`;
  const created = await request.post('/api/2023-01/leads', { headers: auth, data: { lead: { name, description: 'Original scope.' } } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).lead as { id: string };

  await page.goto(`/leads/${id}`);
  await page.getByRole('button', { name: 'Edit lead' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit “${name}”` });
  await expect(dialog.getByLabel('Description')).toHaveValue('Original scope.');

  // The colleague saves first.
  const theirs = await request.patch(`/api/2023-01/leads/${id}`, {
    headers: auth,
    data: { lead: { description: 'Scope revised by a colleague.' } },
  });
  expect(theirs.status()).toBe(200);

  await dialog.getByLabel('Square feet').fill('12500');
  await dialog.getByRole('button', { name: 'Save lead' }).click();
  const panel = dialog.getByRole('alert', { name: 'Edit conflict' });
  await expect(panel).toBeVisible();
  const changed = panel.locator('tr[data-field="description"]');
  await expect(changed).toContainText('Original scope.');
  await expect(changed).toContainText('Scope revised by a colleague.');
  await expect(changed).toContainText('unchanged');
  await expect(panel).toContainText('Your changes: Square feet.');
  // Nothing of mine was written.
  expect((await (await request.get(`/api/2023-01/leads/${id}`, { headers: auth })).json()).lead.square_feet).toBeNull();

  await panel.getByRole('button', { name: 'Re-apply my changes to their version' }).click();
  await expect(dialog).toBeHidden();
  const merged = (await (await request.get(`/api/2023-01/leads/${id}`, { headers: auth })).json()).lead;
  expect(merged.description).toBe('Scope revised by a colleague.');
  expect(merged.square_feet).toBe(12500);
});

test('the same field changed by both: theirs and mine side by side; discarding mine shows theirs', async ({ page, request, token }) => {
  const auth = { Authorization: `Bearer ${token}` };
  const name = `Quarry Bridge ${Date.now().toString(36)}`;
  const { id } = (await (await request.post('/api/2023-01/leads', { headers: auth, data: { lead: { name } } })).json()).lead as { id: string };

  await page.goto(`/leads/${id}`);
  await page.getByRole('button', { name: 'Edit lead' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit “${name}”` });
  await expect(dialog.getByLabel('Name')).toHaveValue(name);

  expect((await request.patch(`/api/2023-01/leads/${id}`, { headers: auth, data: { lead: { name: `${name} (theirs)` } } })).status()).toBe(200);
  await dialog.getByLabel('Name').fill(`${name} (mine)`);
  await dialog.getByRole('button', { name: 'Save lead' }).click();
  const panel = dialog.getByRole('alert', { name: 'Edit conflict' });
  const field = panel.locator('tr[data-field="name"]');
  await expect(field).toContainText(`${name} (theirs)`);
  await expect(field).toContainText(`${name} (mine)`);

  await panel.getByRole('button', { name: 'Discard mine' }).click();
  await expect(panel).toBeHidden();
  await expect(dialog.getByLabel('Name')).toHaveValue(`${name} (theirs)`);
  // Saving now goes against their version: no conflict.
  await dialog.getByLabel('Square feet').fill('800');
  await dialog.getByRole('button', { name: 'Save lead' }).click();
  await expect(dialog).toBeHidden();
  const lead = (await (await request.get(`/api/2023-01/leads/${id}`, { headers: auth })).json()).lead;
  expect(lead).toMatchObject({ name: `${name} (theirs)`, square_feet: 800 });
});

test('a stale certification edit shows the conflict panel, and re-applying keeps both changes', async ({ page, request, token }) => {
  const auth = { Authorization: `Bearer ${token}` };
  const suffix = Date.now().toString(36);
  const employee = (
    await (
      await request.post('/api/2023-01/workforce/employees', {
        headers: auth,
        data: { workforce_employee: { legal_first_name: 'Dana', last_name: `Conflict ${suffix}` } },
      })
    ).json()
  ).workforce_employee as { id: string };
  const certification = `Rigging ${suffix}`;
  const created = await request.post('/api/2023-01/workforce/certifications', {
    headers: auth,
    data: { workforce_certification: { employee_id: Number(employee.id), name: certification, expires_on: '2027-03-01' } },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).workforce_certification as { id: string };

  await page.goto(`/workforce?employee=${employee.id}`);
  const dialog = page.getByRole('dialog', { name: `Edit Dana Conflict ${suffix}` });
  const list = dialog.getByRole('list', { name: 'Certifications' });
  await list.getByRole('button', { name: `Edit ${certification}` }).click();
  const form = dialog.getByRole('form', { name: `Edit ${certification}` });
  await expect(form.getByLabel('Expires on')).toHaveValue('2027-03-01');

  // A colleague records when it was issued meanwhile.
  const theirs = await request.patch(`/api/2023-01/workforce/certifications/${id}`, {
    headers: auth,
    data: { workforce_certification: { issued_on: '2025-03-01' } },
  });
  expect(theirs.status()).toBe(200);

  await form.getByLabel('Expires on').fill('2028-03-01');
  await form.getByRole('button', { name: 'Save certification' }).click();
  const panel = dialog.getByRole('alert', { name: 'Edit conflict' });
  await expect(panel).toBeVisible();
  // Nothing of mine was written.
  expect((await (await request.get(`/api/2023-01/workforce/certifications/${id}`, { headers: auth })).json()).workforce_certification.expires_on).toBe(
    '2027-03-01',
  );

  await panel.getByRole('button', { name: 'Re-apply my changes to their version' }).click();
  await expect(panel).toBeHidden();
  await expect
    .poll(async () => (await (await request.get(`/api/2023-01/workforce/certifications/${id}`, { headers: auth })).json()).workforce_certification)
    .toMatchObject({ issued_on: '2025-03-01', expires_on: '2028-03-01' });
});
