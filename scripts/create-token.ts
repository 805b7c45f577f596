import { findUserByEmail } from '@/db/queries/accounts';
import { createApiToken } from '@/lib/server/auth/tokens';
import { DEMO_ADMIN_EMAIL } from '@/db/seed/demo';
import { parseArgs, run } from './cli';

// npm run token:create -- [--email <user email>] [--scope read] [--name <label>]
// Prints the new token on the last line; it is stored only as a hash.
const args = parseArgs(process.argv.slice(2));

await run(async ({ db }) => {
  const email = typeof args.email === 'string' ? args.email : DEMO_ADMIN_EMAIL;
  const scope = args.scope === 'read' ? 'read' : args.scope === undefined || args.scope === 'read write' ? 'read write' : null;
  if (!scope) throw new Error('--scope must be "read" or "read write"');
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No user with email ${email}. Run npm run db:seed, or pass --email.`);
  const token = await createApiToken(
    db,
    { accountId: user.accountId, userId: user.id },
    { scope, name: typeof args.name === 'string' ? args.name : 'CLI token' },
  );
  console.log(`API token for ${user.email} (scope: ${scope}):`);
  console.log(token);
});
