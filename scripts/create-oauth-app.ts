import { findUserByEmail } from '@/db/queries/accounts';
import { createOAuthApplication } from '@/lib/server/services/oauth-applications';
import { contextOfUser } from '@/lib/server/services/context';
import { DEMO_ADMIN_EMAIL } from '@/db/seed/demo';
import { oauthApplicationCreate } from '@/lib/shared/validation/oauth-applications';
import { parseArgs, run } from './cli';

// npm run oauth:create-app -- --name <name> [--redirect-uri <uri>] [--email <owner email>] [--scope read]
// Registers a confidential OAuth application; its client_id and client_secret are the last two
// lines of the output, bare (`| tail -n 2`); the secret is stored only as a hash.
const args = parseArgs(process.argv.slice(2));

await run(async ({ db }) => {
  if (typeof args.name !== 'string') throw new Error('--name <name> is required');
  const parsed = oauthApplicationCreate.safeParse({
    name: args.name,
    redirect_uris: typeof args['redirect-uri'] === 'string' ? [args['redirect-uri']] : [],
    ...(typeof args.scope === 'string' && { scope: args.scope }),
  });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
  const email = typeof args.email === 'string' ? args.email : DEMO_ADMIN_EMAIL;
  const owner = await findUserByEmail(db, email);
  if (!owner) throw new Error(`No user with email ${email}. Run npm run db:seed, or pass --email.`);
  // As the owner, an admin's act (it shows in the account's security log).
  const ctx = contextOfUser({ id: owner.id, role: 'admin' }, { accountId: owner.accountId, requestId: 'oauth-create-app', credential: 'script', baseUrl: '' });
  const app = await createOAuthApplication(db, ctx, parsed.data);
  console.log(`OAuth application "${app.name}" for ${owner.email} (scope: ${app.scope}; redirect URIs: ${app.redirect_uris.join(', ') || 'none'})`);
  console.log('client_id and client_secret (the secret is not shown again):');
  console.log(app.client_id);
  console.log(app.client_secret);
});
