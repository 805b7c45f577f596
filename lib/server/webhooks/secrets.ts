import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db';
import { webhooks } from '@/db/schema';
import { env } from '@/lib/server/env';
import { deriveKey, needsReseal, open, parseKey, seal, type SecretBoxKeys } from '@/lib/server/security/secret-box';

// Webhook signing secrets are stored sealed (lib/server/security/secret-box.ts) with WEBHOOK_SECRET_KEY,
// or a key derived from BETTER_AUTH_SECRET when it is unset.

const PURPOSE = 'webhook-secret';

/** From the environment at each use (cheap), so that tests can rotate keys. */
export function webhookSecretKeys(source: Record<string, string | undefined> = process.env): SecretBoxKeys {
  const current = source.WEBHOOK_SECRET_KEY ? parseKey(source.WEBHOOK_SECRET_KEY, 'WEBHOOK_SECRET_KEY') : deriveKey(env.BETTER_AUTH_SECRET);
  const previous = (source.WEBHOOK_SECRET_KEYS_PREVIOUS ?? '')
    .split(',')
    .filter((k) => k.trim())
    .map((k) => parseKey(k, 'WEBHOOK_SECRET_KEYS_PREVIOUS'));
  // Setting WEBHOOK_SECRET_KEY later must not strand secrets sealed with the derived key.
  if (source.WEBHOOK_SECRET_KEY) previous.push(deriveKey(env.BETTER_AUTH_SECRET));
  return { current, previous };
}

export function sealWebhookSecret(secret: string): string {
  return seal(secret, PURPOSE, webhookSecretKeys().current);
}

export function openWebhookSecret(stored: string): string {
  return open(stored, PURPOSE, webhookSecretKeys());
}

/**
 * Re-seals plaintext secrets and those sealed with a previous key (of one account, or all); the
 * number re-sealed. One row at a time: a maintenance pass, run by `npm run db:migrate`.
 */
export async function resealWebhookSecrets(db: Db, accountId?: number): Promise<number> {
  const keys = webhookSecretKeys();
  const rows = await db
    .select({ id: webhooks.id, secret: webhooks.secret })
    .from(webhooks)
    .where(accountId === undefined ? undefined : eq(webhooks.accountId, accountId));
  let count = 0;
  for (const row of rows) {
    if (!needsReseal(row.secret, keys)) continue;
    const resealed = seal(open(row.secret, PURPOSE, keys), PURPOSE, keys.current);
    // Only if no one changed it meanwhile (a PATCH rotating the secret).
    const done = await db
      .update(webhooks)
      .set({ secret: resealed })
      .where(and(eq(webhooks.id, row.id), eq(webhooks.secret, row.secret)))
      .returning({ id: webhooks.id });
    count += done.length;
  }
  return count;
}
