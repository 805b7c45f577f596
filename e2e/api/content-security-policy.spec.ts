import { expect, test } from '../fixtures';

// proxy.ts gives every page its Content-Security-Policy with a fresh nonce; its matcher decides
// which paths it runs for, which only the built server shows. A path with a dot is a page too.

const NONCE = /script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/;

for (const path of ['/companies', '/companies/1.x', '/no-such-page.html']) {
  test(`${path} answers HTML with the nonce policy`, async ({ page }) => {
    const response = (await page.goto(path))!;
    expect(response.headers()['content-type']).toContain('text/html');
    expect(response.headers()['content-security-policy']).toMatch(NONCE);
  });
}

test('signed out, a path with a dot goes to the sign-in page', async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const response = await request.get('/companies/1.x', { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  const location = new URL(response.headers()['location']!, baseURL);
  expect(location.pathname).toBe('/sign-in');
  expect(location.searchParams.get('next')).toBe('/companies/1.x');
  await request.dispose();
});

test("Next's build assets stay out of the proxy", async ({ page, request }) => {
  await page.goto('/companies');
  const script = await page.locator('script[src^="/_next/static/"]').first().getAttribute('src');
  const response = await request.get(script!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-security-policy']).toBeUndefined();
});
