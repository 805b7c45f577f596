import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '../fixtures';
import { screens } from './screens';

// AI assistants (issue 30): an assistant registers itself, the signed-in user allows it on the
// consent page, the assistant trades the code for a token of the MCP server and calls a tool; the
// user finds it in Settings → AI assistants, last used, and disconnects it.

const CALLBACK = 'http://127.0.0.1:33418/callback';

test('an assistant connected through the consent page shows in Settings → AI assistants, and Disconnect ends its access', async ({
  page,
  request,
  baseURL,
}) => {
  const registered = await request.post('/oauth/register', {
    data: { client_name: 'Desk assistant', redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' },
  });
  expect(registered.status()).toBe(201);
  const { client_id } = (await registered.json()) as { client_id: string };

  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL('/oauth/authorize', baseURL);
  for (const [key, value] of Object.entries({
    response_type: 'code',
    client_id,
    redirect_uri: CALLBACK,
    scope: 'read write',
    state: 'st8',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: `${baseURL}/api/mcp`,
  }))
    authorize.searchParams.set(key, value);

  // The assistant's own callback: caught here, as the assistant on the person's machine would catch it.
  let callback: URL | null = null;
  await page.route(`${CALLBACK}**`, async (route) => {
    callback = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>You can close this tab.</p>' });
  });
  await page.goto(authorize.toString());
  await expect(page.getByRole('heading', { name: 'Authorize Desk assistant' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect.poll(() => callback?.searchParams.get('state')).toBe('st8');

  const token = await request.post('/oauth/token', {
    form: { grant_type: 'authorization_code', code: callback!.searchParams.get('code')!, redirect_uri: CALLBACK, client_id, code_verifier: verifier },
  });
  expect(token.status()).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };
  const mcp = (body: object) =>
    request.post('/api/mcp', { headers: { Authorization: `Bearer ${access_token}`, Accept: 'application/json, text/event-stream' }, data: body });
  const called = await mcp({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'pipeline_summary', arguments: {} } });
  expect(called.status()).toBe(200);
  expect(((await called.json()) as { result: { isError?: boolean } }).result.isError).toBeFalsy();

  await page.goto('/settings/ai-assistants');
  await expect(page.getByRole('heading', { name: 'AI assistants' })).toBeVisible();
  await expect(page.getByLabel('Server address')).toHaveValue(`${baseURL}/api/mcp`);
  await expect(page.getByText('"url": ')).toHaveCount(2);
  const mine = page.getByRole('table', { name: 'Your connected assistants' });
  await expect(mine.getByRole('row', { name: /Desk assistant/ })).toContainText('Read and write');
  await expect(mine.getByRole('row', { name: /Desk assistant/ })).not.toContainText('Not yet');
  await expect(page.getByRole('table', { name: 'Assistants connected in your account' }).getByRole('row', { name: /Desk assistant/ })).toBeVisible();
  await screens(page, 'ai-assistants');

  page.once('dialog', (dialog) => void dialog.accept());
  await mine.getByRole('button', { name: 'Disconnect Desk assistant' }).click();
  await expect(page.getByText('You have not connected an assistant.')).toBeVisible();
  await expect(page.getByText('No one has connected an assistant yet.')).toBeVisible();
  // The rows leave at once (optimistically); the toast says the revocation is done.
  await expect(page.getByText('Disconnected “Desk assistant”.')).toBeVisible();
  expect((await mcp({ jsonrpc: '2.0', id: 2, method: 'tools/list' })).status()).toBe(401);
});
