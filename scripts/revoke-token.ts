import { findUserByEmail } from '@/db/queries/accounts';
import { revokeTokens } from '@/db/queries/api-tokens';
import { hashToken } from '@/lib/server/auth/tokens';
import { parseArgs, run } from './cli';

// npm run token:revoke -- --token <token>   |   npm run token:revoke -- --email <user email> (all of theirs)
const args = parseArgs(process.argv.slice(2));

await run(async ({ db }) => {
  if (typeof args.token === 'string') {
    console.log(`Revoked ${await revokeTokens(db, { tokenHash: hashToken(args.token) })} token(s).`);
  } else if (typeof args.email === 'string') {
    const user = await findUserByEmail(db, args.email);
    if (!user) throw new Error(`No user with email ${args.email}.`);
    console.log(`Revoked ${await revokeTokens(db, { userId: user.id })} token(s) of ${user.email}.`);
  } else {
    throw new Error('Pass --token <token> or --email <user email>.');
  }
});
