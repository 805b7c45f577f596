import { expect, test } from '../fixtures';

// Groundwork installs to a phone's home screen: a favicon (no 404), the icons and the manifest,
// all served to a browser that is not signed in yet.

test.use({ storageState: { cookies: [], origins: [] } });

test('serves the favicon, the icons and a manifest whose icons exist, and the pages link them', async ({ page, request }) => {
  const favicon = await request.get('/favicon.ico', { maxRedirects: 0 });
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toContain('image/');

  const res = await request.get('/manifest.webmanifest', { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as { name: string; start_url: string; display: string; icons: { src: string; sizes: string }[] };
  expect(manifest).toMatchObject({ name: 'Groundwork', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src, { maxRedirects: 0 });
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
  }

  await page.goto('/sign-in');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', /manifest\.webmanifest/);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
  const icon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
  expect((await request.get(icon!, { maxRedirects: 0 })).status()).toBe(200);
});

test('the sign-in page says what to do about a forgotten password', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByText('We’ll email you a link to choose a new password.')).toBeVisible();
  await expect(page.getByLabel('Your email')).toBeVisible();
});
