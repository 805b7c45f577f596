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

test('the API runs no proxy and still answers with a policy that allows nothing', async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const none = "default-src 'none'; frame-ancestors 'none'";
  for (const [method, path, status] of [
    ['GET', '/api/2023-01/leads', 401],
    ['GET', '/api/2023-01/no_such_thing', 404],
    ['OPTIONS', '/api/2023-01/leads', 204],
    ['POST', '/api/mcp', 401],
  ] as const) {
    const response = await request.fetch(path, { method, maxRedirects: 0 });
    expect(response.status(), `${method} ${path}`).toBe(status);
    expect(response.headers()['content-security-policy'], `${method} ${path}`).toBe(none);
    expect(response.headers()['vary'] ?? '', `${method} ${path}`).toContain('Origin');
  }
  // A bare /api is no page: no sign-in redirect.
  expect((await request.get('/api', { maxRedirects: 0 })).status()).toBe(404);
  await request.dispose();
});
