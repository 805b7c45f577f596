import { expect, test } from '../fixtures';

// API clients send tokens, not the dashboard's session cookie.
test.use({ storageState: { cookies: [], origins: [] } });

// The production server answers the README's calls: auth, lists with Link headers, a write that
// echoes the record, JSON errors for unknown paths and methods.
test('lists leads with pagination headers', async ({ request, token }) => {
  const res = await request.get('/api/2023-01/leads?per_page=5', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.leads).toHaveLength(5);
  expect(res.headers()['link']).toContain('rel="next"');
  expect(Number(res.headers()['x-total-count'])).toBeGreaterThan(5);
});

test('creates and updates a contact; the bare token works too', async ({ request, token }) => {
  const created = await request.post('/api/2023-01/contacts', {
    headers: { Authorization: token },
    data: { contact: { first_name: 'Jordan', last_name: 'Reyes', email: 'jordan.reyes@example.com' } },
  });
  expect(created.status()).toBe(201);
  const { contact } = await created.json();
  expect(contact.name).toBe('Jordan Reyes');
  const patched = await request.patch(`/api/2023-01/contacts/${contact.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { contact: { job_title: "Owner's Representative" } },
  });
  expect(patched.status()).toBe(200);
  expect((await patched.json()).contact).toMatchObject({ job_title: "Owner's Representative", first_name: 'Jordan' });
});

test('answers JSON errors: 401, 404 for unknown paths, 405 with Allow', async ({ request, token }) => {
  const unauth = await request.get('/api/2023-01/projects/1');
  expect(unauth.status()).toBe(401);
  expect((await unauth.json()).error).toBe('unauthorized');
  const missing = await request.get('/api/2023-01/nothing-here', { headers: { Authorization: `Bearer ${token}` } });
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error).toBe('not_found');
  const put = await request.put('/api/2023-01/leads', { headers: { Authorization: `Bearer ${token}` }, data: {} });
  expect(put.status()).toBe(405);
  expect(put.headers()['allow']).toBe('GET, POST, HEAD, OPTIONS');
});

test('TRACE is a JSON 405, not a 500; OPTIONS lists only what a route serves', async ({ request, token }) => {
  const trace = await request.fetch('/api/2023-01/leads', { method: 'TRACE', headers: { Authorization: `Bearer ${token}` } });
  expect(trace.status()).toBe(405);
  expect((await trace.json()).error).toBe('method_not_allowed');
  expect((await request.fetch('/sign-in', { method: 'TRACE' })).status()).toBe(405);
  const options = await request.fetch('/api/2023-01/users/me', { method: 'OPTIONS' });
  expect(options.status()).toBe(204);
  expect(options.headers()['allow']).toBe('GET, PATCH, HEAD, OPTIONS');
});
