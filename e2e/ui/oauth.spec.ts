import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectAccessibleInBothThemes } from './axe';
import { screens } from './screens';

// The OAuth 2.0 authorization-code flow in Chromium: an application registered in Settings, the
// consent page (after signing in), the redirect with code and state (caught by page.route: the
// client's redirect URI is a loopback address nothing listens on), then the client's side from
// Node with fetch: exchange, refresh, reuse of the old refresh token revoking the family,
// revocation; last, the user revokes the application in Settings → Authorized apps.

const REDIRECT_URI = 'http://127.0.0.1:9/e2e/callback';
const DEMO_EMAIL = process.env.SEED_ADMIN_EMAIL || 'demo@groundwork.dev';
const DEMO_PASSWORD = process.env.SEED_ADMIN_PASSWORD || 'groundwork-demo';
const stamp = () => Date.now().toString(36);

/** The client's token endpoint calls, from outside the browser, with a form body. */
async function tokenCall(params: Record<string, string>, path = '/oauth/token') {
  const baseURL = test.info().project.use.baseURL!;
  const res = await fetch(new URL(path, baseURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function me(accessToken: string) {
  const baseURL = test.info().project.use.baseURL!;
  return fetch(new URL('/api/2023-01/users/me', baseURL), { headers: { Authorization: `Bearer ${accessToken}` } });
}

/**
 * Clicks Allow or Deny and follows the browser to the client's redirect URI (answered here by
 * page.route); the URL it arrived at, once the navigation is complete.
 */
async function decideAndFollow(page: Page, button: 'Allow' | 'Deny'): Promise<URL> {
  await page.route(`${REDIRECT_URI}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Client</title><p>Back at the client.</p>' }),
  );
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL((url) => url.href.startsWith(REDIRECT_URI));
  await page.unrouteAll();
  return new URL(page.url());
}

test('authorization code flow: register, consent, code and state, exchange, refresh, reuse revokes the family, revoke', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // 1. An admin registers the client in Settings → OAuth apps.
  await page.goto('/settings/oauth-apps');
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'OAuth apps' })).toHaveAttribute('aria-current', 'page');
  const name = `Estimating sync ${stamp()}`;
  await page.getByRole('button', { name: 'Register application' }).click();
  const form = page.getByRole('dialog', { name: 'Register an OAuth application' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Redirect URIs').fill('http://evil.example.com/cb');
  await form.getByRole('button', { name: 'Register application' }).click();
  await expect(form.getByText(/must be an https URL/)).toBeVisible();
  await form.getByLabel('Redirect URIs').fill(REDIRECT_URI);
  await expectAccessibleInBothThemes(page);
  await screens(page, 'oauth-register-form');
  await form.getByRole('button', { name: 'Register application' }).click();

  const creds = page.getByRole('dialog', { name: 'Application credentials' });
  await expect(creds.getByText('it will not be shown again')).toBeVisible();
  const clientId = await creds.getByRole('textbox', { name: 'Client ID' }).inputValue();
  const clientSecret = await creds.getByRole('textbox', { name: 'Client secret' }).inputValue();
  expect(clientId).toMatch(/^gw_client_/);
  expect(clientSecret).toMatch(/^gw_cs_/);
  await expectAccessibleInBothThemes(page);
  await screens(page, 'oauth-app-credentials');
  await creds.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText(clientSecret)).toHaveCount(0);
  await expectAccessibleInBothThemes(page);
  await screens(page, 'oauth-apps');

  // 2. The integration sends a user (signed out) to the authorization endpoint: sign in, then consent.
  const verifier = randomBytes(32).toString('base64url');
  const state = `st-${stamp()}`;
  const authorizeUrl = `/oauth/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'read write',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })}`;
  const fresh = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const user = await fresh.newPage();
  await user.goto(authorizeUrl);
  await expect(user).toHaveURL(/\/sign-in\?next=%2Foauth%2Fauthorize/);
  await user.getByLabel('Email').fill(DEMO_EMAIL);
  await user.getByLabel('Password').fill(DEMO_PASSWORD);
  await user.getByRole('button', { name: 'Sign in' }).click();
  await expect(user.getByRole('heading', { name: `Authorize ${name}` })).toBeVisible();
  await expect(user.getByRole('list', { name: 'Requested permissions' }).getByRole('listitem')).toHaveCount(2);
  await expect(user.getByText('127.0.0.1:9')).toBeVisible();
  await expectAccessibleInBothThemes(user);
  await screens(user, 'oauth-consent');

  const callback = await decideAndFollow(user, 'Allow');
  expect(callback.searchParams.get('state')).toBe(state);
  const code = callback.searchParams.get('code')!;
  expect(code).toBeTruthy();

  // 3. The client exchanges the code (with its secret and the PKCE verifier), uses and refreshes the token.
  const exchange = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: clientId,
    client_secret: clientSecret,
    code_verifier: verifier,
  };
  const tokens = await tokenCall(exchange);
  expect(tokens.status).toBe(200);
  expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read write' });
  const who = await me(tokens.body.access_token);
  expect(who.status).toBe(200);
  expect((await who.json()).user.email).toBe(DEMO_EMAIL);
  expect((await tokenCall(exchange)).body.error).toBe('invalid_grant'); // a code works once

  const refresh = (token: string) => tokenCall({ grant_type: 'refresh_token', refresh_token: token, client_id: clientId, client_secret: clientSecret });
  const second = await refresh(tokens.body.refresh_token);
  expect(second.status).toBe(200);
  expect((await me(second.body.access_token)).status).toBe(200);
  // The old refresh token again: the family is revoked, the new tokens with it.
  expect((await refresh(tokens.body.refresh_token)).body.error).toBe('invalid_grant');
  expect((await refresh(second.body.refresh_token)).body.error).toBe('invalid_grant');
  expect((await me(second.body.access_token)).status).toBe(401);

  // 4. A new authorization, a token revoked by the client (RFC 7009).
  await user.goto(authorizeUrl);
  const code2 = (await decideAndFollow(user, 'Allow')).searchParams.get('code')!;
  const tokens2 = await tokenCall({ ...exchange, code: code2 });
  expect(tokens2.status).toBe(200);
  const revoked = await tokenCall({ token: tokens2.body.access_token, client_id: clientId, client_secret: clientSecret }, '/oauth/revoke');
  expect(revoked.status).toBe(200);
  expect((await me(tokens2.body.access_token)).status).toBe(401);

  // 5. Deny: back to the client with error=access_denied and the state, no code.
  await user.goto(authorizeUrl);
  const deniedUrl = await decideAndFollow(user, 'Deny');
  expect(deniedUrl.searchParams.get('error')).toBe('access_denied');
  expect(deniedUrl.searchParams.get('state')).toBe(state);
  expect(deniedUrl.searchParams.has('code')).toBe(false);

  // 6. A redirect URI the client did not register: an error page, no redirect.
  await user.goto(authorizeUrl.replace(encodeURIComponent(REDIRECT_URI), encodeURIComponent('https://evil.example.com/cb')));
  await expect(user.getByRole('heading', { name: 'Cannot authorize this application' })).toBeVisible();
  await expect(user.getByText(/The redirect_uri is not one the application registered/)).toBeVisible();
  await expectAccessibleInBothThemes(user);
  await screens(user, 'oauth-error');

  // 7. The user revokes the application in Settings → Authorized apps; its refresh token dies.
  await user.goto(authorizeUrl);
  const tokens3 = await tokenCall({ ...exchange, code: (await decideAndFollow(user, 'Allow')).searchParams.get('code')! });
  expect(tokens3.status).toBe(200);
  await user.goto('/settings/authorized-apps');
  const grant = user.getByRole('row').filter({ hasText: name });
  await expect(grant).toBeVisible();
  await expect(grant).toContainText('Read and write');
  await expectAccessibleInBothThemes(user);
  await screens(user, 'oauth-authorized-apps');
  user.once('dialog', (d) => void d.accept());
  await grant.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(grant).toHaveCount(0);
  await expect.poll(async () => (await me(tokens3.body.access_token)).status).toBe(401);
  expect((await refresh(tokens3.body.refresh_token)).body.error).toBe('invalid_grant');
  await fresh.close();

  // 8. The admin rotates the secret (the old one stops working), then deletes the application.
  await page.reload();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: `Rotate the secret of ${name}` }).click();
  const rotated = page.getByRole('dialog', { name: 'Application credentials' });
  const newSecret = await rotated.getByRole('textbox', { name: 'Client secret' }).inputValue();
  expect(newSecret).not.toBe(clientSecret);
  await rotated.getByRole('button', { name: 'Done' }).click();
  expect((await tokenCall({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret })).body.error).toBe('invalid_client');
  expect((await tokenCall({ grant_type: 'client_credentials', client_id: clientId, client_secret: newSecret })).status).toBe(200);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
