import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { mailOutbox, securityEvents } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { setUserPassword } from '@/lib/server/auth/passwords';
import { BASE, request } from '../api';
import { cookieOf, createTestAccount, sessionClient, type SessionClient, type TestAccount } from '../fixtures';

// Issue 27: "Forgot your password?" sends a one-hour, one-use link by email; an admin adds a user
// without a password and they are invited by email to choose their own. Both set the password
// through Better Auth's reset-password endpoint, and the user signs in with it.

let t: TestAccount;
let admin: SessionClient;

const auth = (path: string, body: unknown) => request('POST', `/api/auth${path}`, { body, headers: { origin: BASE } });
const signIn = (email: string, password: string) => auth('/sign-in/email', { email, password });

/** The newest mail queued for `to`, and the token of its link. */
async function lastMailTo(to: string) {
  const [mail] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id)).limit(1);
  const token = mail ? /\/reset-password\?token=([\w-]+)/.exec(mail.text)?.[1] : undefined;
  return { mail, token };
}

beforeAll(async () => {
  t = await createTestAccount('Reset GC');
  admin = await sessionClient(t.userId);
});

describe('forgot your password', () => {
  it('mails a link whose token sets a new password once, ending the old sessions', async () => {
    await setUserPassword(getDb(), t.otherUserId, 'the old password of blake');
    const blake = (await admin.get(`/users/${t.otherUserId}`)).body.user.email as string;

    const asked = await auth('/request-password-reset', { email: blake, redirectTo: '/reset-password' });
    expect(asked.status).toBe(200);
    const { mail, token } = await lastMailTo(blake);
    expect(mail).toMatchObject({ subject: 'Reset your Groundwork password', status: 'pending' });
    expect(mail!.text).toContain(`${BASE}/reset-password?token=`);
    expect(token).toBeTruthy();

    const before = await signIn(blake, 'the old password of blake');
    expect(before.status).toBe(200);
    const cookie = cookieOf(before);
    expect((await request('GET', '/users/me', { headers: { cookie, origin: BASE } })).status).toBe(200);
    const set = await auth('/reset-password', { newPassword: 'a brand new password', token });
    expect(set.status).toBe(200);
    expect((await request('GET', '/users/me', { headers: { cookie, origin: BASE } })).status).toBe(401);
    expect((await signIn(blake, 'the old password of blake')).status).toBe(401);
    expect((await signIn(blake, 'a brand new password')).status).toBe(200);
    // Once only.
    expect((await auth('/reset-password', { newPassword: 'yet another password', token })).status).toBe(400);
  });

  it('says the same for an email without an account, and mails nothing', async () => {
    const nobody = `nobody.${Date.now()}@example.com`;
    const asked = await auth('/request-password-reset', { email: nobody, redirectTo: '/reset-password' });
    expect(asked.status).toBe(200);
    expect((await lastMailTo(nobody)).mail).toBeUndefined();
    expect((await auth('/reset-password', { newPassword: 'a brand new password', token: 'not-a-token' })).status).toBe(400);
  });
});

describe('inviting a user by email', () => {
  it('adds the user without a password, mails the invitation, and its link sets their password', async () => {
    const email = `invited.${Date.now()}@example.com`;
    const created = await admin.post('/users', { user: { email, first_name: 'Ivy', last_name: 'Invited' } });
    expect(created.status).toBe(201);
    const { mail, token } = await lastMailTo(email);
    expect(mail!.subject).toMatch(/^Avery Admin invited you to Reset GC [0-9a-f]{8} on Groundwork$/);
    expect(mail!.text).toContain('&welcome=1');
    expect((await signIn(email, 'anything at all here')).status).toBe(401);
    expect((await auth('/reset-password', { newPassword: 'ivy chooses this one', token })).status).toBe(200);
    expect((await signIn(email, 'ivy chooses this one')).status).toBe(200);
    const [event] = await getDb()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.accountId, t.accountId), eq(securityEvents.kind, 'user.created')))
      .orderBy(desc(securityEvents.id))
      .limit(1);
    expect(event!.details).toMatchObject({ email, invited: true });
  });
});
